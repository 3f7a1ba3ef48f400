// SPDX-License-Identifier: BSD-3-Clause
// Linked into every MPI test program (setup/cmake/HpcgTesting.cmake): the blocking MPI calls our
// code makes, done as their nonblocking forms polled with sched_yield between polls, through the
// MPI profiling interface. MPICH's ch4 spins while it waits and never yields, so with more ranks
// than cores (CI runs 3, 4 and 8 ranks on 2) a waiting rank burns the time slice its peer on the
// same core needs, and a 4-rank suite ran several times longer than with these waits. The calls'
// meaning is unchanged; only how a rank waits differs. The programs themselves (xhpcg,
// xgraph, xhpgmp) never link this file.
#include <mpi.h>
#include <sched.h>

namespace {

int wait_yielding(MPI_Request* request, MPI_Status* status) {
  int done = 0;
  int code = MPI_SUCCESS;
  while ((code = PMPI_Test(request, &done, status)) == MPI_SUCCESS && !done) sched_yield();
  return code;
}

/// A nonblocking call's code, or its wait's where it started.
int finish(int started, MPI_Request* request) {
  return started == MPI_SUCCESS ? wait_yielding(request, MPI_STATUS_IGNORE) : started;
}

}  // namespace

extern "C" {

int MPI_Wait(MPI_Request* request, MPI_Status* status) { return wait_yielding(request, status); }

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  int done = 0;
  int code = MPI_SUCCESS;
  while ((code = PMPI_Testall(count, requests, &done, statuses)) == MPI_SUCCESS && !done) {
    sched_yield();
  }
  return code;
}

int MPI_Waitsome(int count, MPI_Request requests[], int* outcount, int indices[],
                 MPI_Status statuses[]) {
  int code = MPI_SUCCESS;
  while ((code = PMPI_Testsome(count, requests, outcount, indices, statuses)) == MPI_SUCCESS &&
         *outcount == 0) {
    sched_yield();
  }
  return code;
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  int found = 0;
  int code = MPI_SUCCESS;
  while ((code = PMPI_Iprobe(source, tag, comm, &found, status)) == MPI_SUCCESS && !found) {
    sched_yield();
  }
  return code;
}

int MPI_Send(const void* buffer, int count, MPI_Datatype type, int destination, int tag,
             MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Isend(buffer, count, type, destination, tag, comm, &request), &request);
}

int MPI_Recv(void* buffer, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status* status) {
  MPI_Request request;
  const int started = PMPI_Irecv(buffer, count, type, source, tag, comm, &request);
  return started == MPI_SUCCESS ? wait_yielding(&request, status) : started;
}

int MPI_Barrier(MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Ibarrier(comm, &request), &request);
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Ibcast(buffer, count, type, root, comm, &request), &request);
}

int MPI_Allreduce(const void* send, void* receive, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Iallreduce(send, receive, count, type, op, comm, &request), &request);
}

int MPI_Exscan(const void* send, void* receive, int count, MPI_Datatype type, MPI_Op op,
               MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Iexscan(send, receive, count, type, op, comm, &request), &request);
}

int MPI_Gather(const void* send, int send_count, MPI_Datatype send_type, void* receive,
               int receive_count, MPI_Datatype receive_type, int root, MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Igather(send, send_count, send_type, receive, receive_count, receive_type,
                             root, comm, &request),
                &request);
}

int MPI_Gatherv(const void* send, int send_count, MPI_Datatype send_type, void* receive,
                const int receive_counts[], const int displacements[],
                MPI_Datatype receive_type, int root, MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Igatherv(send, send_count, send_type, receive, receive_counts,
                              displacements, receive_type, root, comm, &request),
                &request);
}

int MPI_Allgather(const void* send, int send_count, MPI_Datatype send_type, void* receive,
                  int receive_count, MPI_Datatype receive_type, MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Iallgather(send, send_count, send_type, receive, receive_count,
                                receive_type, comm, &request),
                &request);
}

int MPI_Allgatherv(const void* send, int send_count, MPI_Datatype send_type, void* receive,
                   const int receive_counts[], const int displacements[],
                   MPI_Datatype receive_type, MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Iallgatherv(send, send_count, send_type, receive, receive_counts,
                                 displacements, receive_type, comm, &request),
                &request);
}

int MPI_Alltoall(const void* send, int send_count, MPI_Datatype send_type, void* receive,
                 int receive_count, MPI_Datatype receive_type, MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Ialltoall(send, send_count, send_type, receive, receive_count,
                               receive_type, comm, &request),
                &request);
}

int MPI_Alltoallv(const void* send, const int send_counts[], const int send_displacements[],
                  MPI_Datatype send_type, void* receive, const int receive_counts[],
                  const int receive_displacements[], MPI_Datatype receive_type, MPI_Comm comm) {
  MPI_Request request;
  return finish(PMPI_Ialltoallv(send, send_counts, send_displacements, send_type, receive,
                                receive_counts, receive_displacements, receive_type, comm,
                                &request),
                &request);
}

}  // extern "C"
