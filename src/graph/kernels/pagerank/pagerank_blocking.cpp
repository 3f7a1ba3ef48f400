// SPDX-License-Identifier: BSD-3-Clause
// PageRank's column-blocked SELL-16 copy of the in-adjacency: building it per stripe of rows and
// multiplying with it. Separate from pagerank.cpp because only runs long enough to repay the copy
// use it.
#include "pagerank_blocking.hpp"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#define HPCG_PAGERANK_AVX512 1
#endif

#include <algorithm>
#include <utility>

#include "avx512_intrinsics.hpp"
#include "hpcg/base/error.hpp"

namespace hpcg::graph::detail {
namespace {

constexpr int lanes = 16;
/// A row's entries in one block beyond this start another chunk in another lane, so that hubs'
/// long rows neither pad a slice nor overflow the header's length bytes.
constexpr std::uint32_t max_chunk = 64;
/// A slice's header in 16-bit words: its sixteen chunk lengths as bytes, then their sixteen rows
/// (offsets in the stripe; the stripe's row count marks an unused lane). Its columns follow,
/// sixteen per step, for as many steps as its first (longest) chunk has entries.
constexpr std::size_t header_words = lanes / 2 + lanes;
/// Chunks are sorted by length within windows of rows: the window's entries, grouped by block,
/// stay in L2 while its slices are written, and a window's tile holds enough chunks (about 550 at
/// Kronecker scale 20) that neighbours in the sorted order have nearly equal lengths.
constexpr local_int window_rows = 2048;
constexpr nnz_int window_entries = nnz_int{1} << 16;

struct Chunk {  // 8 bytes, offset first: the AVX-512 slice writer loads sixteen as two vectors
  std::uint32_t offset;  ///< first entry in the window's column buffer
  std::uint16_t row;     ///< in the stripe
  std::uint16_t length;
};
static_assert(sizeof(Chunk) == 8, "the slice writer reads chunks as pairs of 32-bit words");

/// A growing array that, unlike std::vector, does not zero what it is about to overwrite.
template <class T>
class Buffer {
 public:
  T* data() { return data_.get(); }
  std::size_t size() const { return size_; }
  void clear() { size_ = 0; }
  void reserve(std::size_t capacity) {
    if (capacity <= capacity_) return;
    std::unique_ptr<T[]> grown(new T[capacity]);
    std::copy(data_.get(), data_.get() + size_, grown.get());
    data_ = std::move(grown);
    capacity_ = capacity;
  }
  T* extend(std::size_t count) {  ///< `count` more elements, uninitialised
    if (size_ + count > capacity_) reserve(std::max(size_ + count, 2 * capacity_));
    T* end = data_.get() + size_;
    size_ += count;
    return end;
  }

 private:
  std::unique_ptr<T[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

/// Sums one tile into acc: per slice, sixteen lanes add their chunk's contributions (float, in
/// the row's entry order), then each lane adds its sum to its row.
void accumulate_tile(const std::uint16_t* word, const std::uint16_t* end, const float* x,
                     float* acc) {
  while (word < end) {
    const auto* length = reinterpret_cast<const std::uint8_t*>(word);
    const std::uint16_t* row = word + lanes / 2;
    const std::uint32_t steps = length[0];
    word += header_words;
    alignas(64) float sum[lanes];
#if HPCG_PAGERANK_AVX512
    const __m128i lengths = _mm_loadu_si128(reinterpret_cast<const __m128i*>(length));
    __m512 total = _mm512_setzero_ps();
    for (std::uint32_t j = 0; j < steps; ++j, word += lanes) {
      const __mmask16 live = _mm_cmpgt_epu8_mask(lengths, _mm_set1_epi8(static_cast<char>(j)));
      const __m512i column =
          _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(word)));
      total = _mm512_add_ps(total,
                            _mm512_mask_i32gather_ps(_mm512_setzero_ps(), live, column, x, 4));
    }
    _mm512_store_ps(sum, total);
#else
    std::fill(sum, sum + lanes, 0.0f);
    for (std::uint32_t j = 0; j < steps; ++j, word += lanes) {
      for (int l = 0; l < lanes; ++l) {
        if (j < length[l]) sum[l] += x[word[l]];
      }
    }
#endif
    for (int l = 0; l < lanes; ++l) acc[row[l]] += sum[l];
  }
}

/// Writes the slices of one tile's window: `sorted` holds its chunks by descending length and
/// sixteen unused ones after them; `column` is the window's column buffer (readable one word past
/// its last entry).
void write_slices(const Chunk* sorted, std::uint32_t count, const std::uint16_t* column,
                  std::uint16_t* out) {
  for (std::uint32_t q = 0; q < count; q += lanes) {
    const Chunk* chunk = sorted + q;
    const std::uint32_t steps = chunk[0].length;
    auto* length = reinterpret_cast<std::uint8_t*>(out);
    std::uint16_t* row = out + lanes / 2;
    std::uint16_t* entry = out + header_words;
#if HPCG_PAGERANK_AVX512
    const __m512i low = _mm512_loadu_si512(chunk), high = _mm512_loadu_si512(chunk + 8);
    const __m512i even =
        _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    const __m512i offset = _mm512_permutex2var_epi32(low, even, high);
    const __m512i row_length =
        _mm512_permutex2var_epi32(low, _mm512_add_epi32(even, _mm512_set1_epi32(1)), high);
    const __m512i lengths = _mm512_srli_epi32(row_length, 16);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(length), _mm512_cvtepi32_epi8(lengths));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(row), _mm512_cvtepi32_epi16(row_length));
    __m512i at = offset;
    for (std::uint32_t j = 0; j < steps; ++j, entry += lanes) {
      // 32-bit gathers at 2-byte scale: each lane reads its word and the next, then keeps the low
      // half; unused lanes write 0.
      const __mmask16 live =
          _mm512_cmpgt_epu32_mask(lengths, _mm512_set1_epi32(static_cast<int>(j)));
      const __m512i word = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), live, at, column, 2);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(entry), _mm512_cvtepi32_epi16(word));
      at = _mm512_add_epi32(at, _mm512_set1_epi32(1));
    }
#else
    for (int l = 0; l < lanes; ++l) {
      length[l] = static_cast<std::uint8_t>(chunk[l].length);
      row[l] = chunk[l].row;
    }
    for (std::uint32_t j = 0; j < steps; ++j, entry += lanes) {
      for (int l = 0; l < lanes; ++l) {
        entry[l] = j < chunk[l].length ? column[chunk[l].offset + j] : std::uint16_t{0};
      }
    }
#endif
    out = entry;
  }
}

}  // namespace

/// Per-thread storage reused from stripe to stripe and window to window, and the two steps that
/// turn a window of rows into slices.
struct BlockedAdjacency::BuildScratch {
  std::vector<std::uint32_t> region;     ///< blocks + 1: each block's part of `column`/`chunk`
  std::vector<std::uint32_t> fill;       ///< per block: its next free entry in `column`
  std::vector<std::uint32_t> row_begin;  ///< per block: where the current row's entries began
  std::vector<std::uint32_t> chunks;     ///< per block: its next free chunk in `chunk`
  std::vector<std::uint64_t> seen;       ///< a bit per block: the current row has entries there
  Buffer<std::uint16_t> column;          ///< the window's column offsets, grouped by block
  Buffer<Chunk> chunk;                   ///< the window's chunks, grouped by block, in row order
  std::vector<std::uint32_t> bucket;     ///< chunks per length, then first sorted position
  Buffer<Chunk> sorted;
  std::vector<Buffer<std::uint16_t>> tile;  ///< per block: the stripe's slices so far

  explicit BuildScratch(local_int blocks)
      : region(static_cast<std::size_t>(blocks) + 1),
        fill(static_cast<std::size_t>(blocks)),
        row_begin(static_cast<std::size_t>(blocks)),
        chunks(static_cast<std::size_t>(blocks)),
        seen(static_cast<std::size_t>(blocks + 63) / 64, 0),
        bucket(max_chunk + 1),
        tile(static_cast<std::size_t>(blocks)) {}

  local_int blocks() const { return static_cast<local_int>(fill.size()); }
  void group(const SparseMatrix& matrix, local_int first, local_int window, local_int window_end,
             int column_bits);
  void write(std::uint16_t unused_row);
};

/// Groups the entries of rows [window, window_end) (`first` is the stripe's first row) by block,
/// and cuts each row's entries in a block into chunks, in row order.
void BlockedAdjacency::BuildScratch::group(const SparseMatrix& matrix, local_int first,
                                           local_int window, local_int window_end,
                                           int column_bits) {
  const nnz_int* row_start = matrix.row_start.data();
  const local_int* col = matrix.column_index.data();
  const nnz_int begin = row_start[window], entries = row_start[window_end] - begin;
  std::fill(region.begin(), region.end(), 0);
  for (nnz_int k = begin; k < begin + entries; ++k) ++region[(col[k] >> column_bits) + 1];
  for (local_int b = 0; b < blocks(); ++b) region[b + 1] += region[b];
  for (local_int b = 0; b < blocks(); ++b) fill[b] = row_begin[b] = chunks[b] = region[b];
  column.clear();
  column.extend(static_cast<std::size_t>(entries) + 2)[entries] = 0;  // slice gathers read one past
  chunk.clear();
  chunk.extend(static_cast<std::size_t>(entries));
  std::uint16_t* grouped = column.data();
  std::uint32_t* next = fill.data();
  const auto block_mask = static_cast<std::uint32_t>((1u << column_bits) - 1);
  const auto place = [&](nnz_int k) {  // entry k into its block's group; returns the block
    const auto c = static_cast<std::uint32_t>(col[k]);
    const std::uint32_t b = c >> column_bits;
    grouped[next[b]++] = static_cast<std::uint16_t>(c & block_mask);
    return b;
  };
  const auto close = [&](std::uint32_t b, local_int r) {  // the row's chunks in block b
    for (std::uint32_t at = row_begin[b]; at < next[b]; at += max_chunk) {
      chunk.data()[chunks[b]++] = {at, static_cast<std::uint16_t>(r - first),
                                   static_cast<std::uint16_t>(std::min(max_chunk, next[b] - at))};
    }
    row_begin[b] = next[b];
  };
  for (local_int r = window; r < window_end; ++r) {
    if (blocks() <= 64) {
      // The row's blocks in a register: a mask in memory would chain every entry through a
      // store and a reload (build about 1.7 times slower at scale 20).
      std::uint64_t mask = 0;
      for (nnz_int k = row_start[r]; k < row_start[r + 1]; ++k) {
        mask |= std::uint64_t{1} << place(k);
      }
      for (; mask != 0; mask &= mask - 1) {
        close(static_cast<std::uint32_t>(__builtin_ctzll(mask)), r);
      }
    } else {
      for (nnz_int k = row_start[r]; k < row_start[r + 1]; ++k) {
        const std::uint32_t b = place(k);
        seen[b / 64] |= std::uint64_t{1} << (b % 64);
      }
      for (std::size_t w = 0; w < seen.size(); ++w) {
        for (std::uint64_t bits = seen[w]; bits != 0; bits &= bits - 1) {
          close(static_cast<std::uint32_t>(64 * w + std::size_t(__builtin_ctzll(bits))), r);
        }
        seen[w] = 0;
      }
    }
  }
}

/// Per block: sorts the grouped window's chunks by descending length (counting sort, stable) and
/// appends their slices to the block's tile.
void BlockedAdjacency::BuildScratch::write(std::uint16_t unused_row) {
  for (local_int b = 0; b < blocks(); ++b) {
    const std::uint32_t count = chunks[b] - region[b];
    if (count == 0) continue;
    const Chunk* own = chunk.data() + region[b];
    std::fill(bucket.begin(), bucket.end(), 0);
    for (std::uint32_t i = 0; i < count; ++i) ++bucket[max_chunk - own[i].length];
    std::uint32_t position = 0;
    for (std::uint32_t& n : bucket) position += std::exchange(n, position);
    sorted.clear();
    Chunk* order = sorted.extend(count + lanes);
    for (std::uint32_t i = 0; i < count; ++i) order[bucket[max_chunk - own[i].length]++] = own[i];
    for (int l = 0; l < lanes; ++l) order[count + l] = {0, unused_row, 0};
    std::size_t words = 0;
    for (std::uint32_t q = 0; q < count; q += lanes) {
      words += header_words + lanes * std::size_t{order[q].length};
    }
    write_slices(order, count, column.data(), tile[b].extend(words));
  }
}

BlockedAdjacency::BlockedAdjacency(const SparseMatrix& matrix, int column_bits,
                                   int stripe_row_bits)
    : rows_(matrix.rows), column_bits_(column_bits), stripe_row_bits_(stripe_row_bits) {
  HPCG_REQUIRE(column_bits >= 1 && column_bits <= 16);
  HPCG_REQUIRE(stripe_row_bits >= 1 && stripe_row_bits <= 15);
  const local_int block_columns = local_int{1} << column_bits;
  blocks_ = std::max<local_int>(1, (matrix.columns + block_columns - 1) / block_columns);
  const local_int stripe_rows = local_int{1} << stripe_row_bits;
  stripes_.resize(static_cast<std::size_t>((rows_ + stripe_rows - 1) / stripe_rows));
  const auto stripes = static_cast<local_int>(stripes_.size());
#pragma omp parallel
  {
    BuildScratch scratch(blocks_);
#pragma omp for schedule(dynamic, 1)
    for (local_int s = 0; s < stripes; ++s) build_stripe(matrix, s, scratch);
  }
}

void BlockedAdjacency::build_stripe(const SparseMatrix& matrix, local_int stripe,
                                    BuildScratch& scratch) {
  const local_int stripe_rows = local_int{1} << stripe_row_bits_;
  const local_int first = stripe * stripe_rows, end = std::min(rows_, first + stripe_rows);
  const nnz_int* row_start = matrix.row_start.data();
  for (auto& tile : scratch.tile) tile.clear();
  for (local_int window = first; window < end;) {
    // Up to window_rows rows and window_entries entries, but at least one row.
    local_int window_end = window + 1;
    while (window_end < end && window_end - window < window_rows &&
           row_start[window_end + 1] - row_start[window] <= window_entries) {
      ++window_end;
    }
    scratch.group(matrix, first, window, window_end, column_bits_);
    scratch.write(static_cast<std::uint16_t>(stripe_rows));
    window = window_end;
  }
  // The stripe's tiles, block after block, in one array.
  Stripe& out = stripes_[static_cast<std::size_t>(stripe)];
  out.tile_start.assign(static_cast<std::size_t>(blocks_) + 1, 0);
  for (local_int b = 0; b < blocks_; ++b) {
    out.tile_start[b + 1] = out.tile_start[b] + scratch.tile[b].size();
  }
  out.words = uninitialised_array<std::uint16_t>(out.tile_start.back());
  for (local_int b = 0; b < blocks_; ++b) {
    std::copy(scratch.tile[b].data(), scratch.tile[b].data() + scratch.tile[b].size(),
              out.words.get() + out.tile_start[b]);
  }
}

double BlockedAdjacency::multiply(const float* x, const PageRankUpdate& update) const {
  const auto stripes = static_cast<local_int>(stripes_.size());
  const local_int stripe_rows = local_int{1} << stripe_row_bits_;
  std::vector<double> stripe_change(stripes_.size());
#pragma omp parallel
  {
    // One slot past the stripe's rows takes unused lanes' zeros.
    std::unique_ptr<float[]> acc(new float[static_cast<std::size_t>(stripe_rows) + 1]);
#pragma omp for schedule(dynamic, 1)
    for (local_int s = 0; s < stripes; ++s) {
      const Stripe& stripe = stripes_[static_cast<std::size_t>(s)];
      std::fill(acc.get(), acc.get() + stripe_rows + 1, 0.0f);
      for (local_int b = 0; b < blocks_; ++b) {
        accumulate_tile(stripe.words.get() + stripe.tile_start[b],
                        stripe.words.get() + stripe.tile_start[b + 1],
                        x + (static_cast<nnz_int>(b) << column_bits_), acc.get());
      }
      const local_int first = s * stripe_rows, end = std::min(rows_, first + stripe_rows);
      double change = 0;
      for (local_int v = first; v < end; ++v) change += update.apply(v, acc[v - first]);
      stripe_change[static_cast<std::size_t>(s)] = change;
    }
  }
  double change = 0;
  for (double c : stripe_change) change += c;
  return change;
}

}  // namespace hpcg::graph::detail
