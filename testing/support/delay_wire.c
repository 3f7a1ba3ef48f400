// SPDX-License-Identifier: BSD-3-Clause
// A network link with a fixed delay, for the multihost tests on kernels without tc netem: two TAP
// devices, each created in its own network namespace, joined by this process, which passes every
// frame to the other side DELAY_US microseconds after it arrived (both directions, in order).
// Usage: delay_wire DELAY_US NETNS_1 TAP_1 NETNS_2 TAP_2; prints "ready" once both devices exist,
// then runs until killed.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

enum { frame_capacity = 1600, queue_capacity = 8192 };

struct Frame {
  long long due_ns;
  int to;  // index of the device to write to
  int length;
  unsigned char data[frame_capacity];
};

static struct Frame queue[queue_capacity];  // a ring: a fixed delay keeps due times in order
static struct Frame dropped;                // where a frame that finds the queue full goes
static int head = 0, count = 0;

static long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/// Creates TAP device `name` inside network namespace `netns` (by name, as `ip netns` keeps them).
static int open_tap(const char* netns, const char* name) {
  char path[256];
  snprintf(path, sizeof path, "/var/run/netns/%s", netns);
  int ns = open(path, O_RDONLY);
  if (ns < 0 || setns(ns, CLONE_NEWNET) != 0) {
    perror(path);
    exit(1);
  }
  close(ns);
  int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK);
  struct ifreq request;
  memset(&request, 0, sizeof request);
  request.ifr_flags = IFF_TAP | IFF_NO_PI;
  strncpy(request.ifr_name, name, IFNAMSIZ - 1);
  if (fd < 0 || ioctl(fd, TUNSETIFF, &request) != 0) {
    perror("/dev/net/tun");
    exit(1);
  }
  return fd;
}

int main(int argc, char** argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: delay_wire DELAY_US NETNS_1 TAP_1 NETNS_2 TAP_2\n");
    return 2;
  }
  const long long delay_ns = atoll(argv[1]) * 1000LL;
  int fd[2] = {open_tap(argv[2], argv[3]), open_tap(argv[4], argv[5])};
  printf("ready\n");
  fflush(stdout);
  for (;;) {
    struct pollfd wanted[2] = {{fd[0], POLLIN, 0}, {fd[1], POLLIN, 0}};
    struct timespec wait = {1, 0};
    if (count > 0) {
      long long left = queue[head].due_ns - now_ns();
      if (left < 0) left = 0;
      wait.tv_sec = left / 1000000000LL;
      wait.tv_nsec = left % 1000000000LL;
    }
    if (ppoll(wanted, 2, &wait, NULL) < 0) continue;
    for (int side = 0; side < 2; ++side) {
      if (!(wanted[side].revents & POLLIN)) continue;
      for (;;) {  // drain; a full queue drops the frame, as a full link would
        struct Frame* f = count < queue_capacity ? &queue[(head + count) % queue_capacity] : &dropped;
        const ssize_t length = read(fd[side], f->data, frame_capacity);
        if (length <= 0) break;
        if (f == &dropped) continue;
        f->due_ns = now_ns() + delay_ns;
        f->to = 1 - side;
        f->length = (int)length;
        ++count;
      }
    }
    for (const long long t = now_ns(); count > 0 && queue[head].due_ns <= t;) {
      ssize_t written = write(fd[queue[head].to], queue[head].data, (size_t)queue[head].length);
      (void)written;  // a frame the device refuses is lost, as on a real link
      head = (head + 1) % queue_capacity;
      --count;
    }
  }
}
