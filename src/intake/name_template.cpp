#include "intake/name_template.h"

#include <bit>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace intake {

namespace {

// Where the dots, decimal digits and braces are in a block of 64 bytes (bit i: byte i).
struct BlockMasks {
  std::uint64_t dots = 0;
  std::uint64_t digits = 0;
  std::uint64_t braces = 0;  // '{' or '}'
};

BlockMasks block_masks(const char* block) {
  BlockMasks m;
#if defined(__SSE2__)
  const __m128i dot = _mm_set1_epi8('.');
  const __m128i zero = _mm_set1_epi8('0');
  const __m128i nine = _mm_set1_epi8(9);
  const __m128i open = _mm_set1_epi8('{');
  const __m128i close = _mm_set1_epi8('}');
  for (int i = 0; i < 4; ++i) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * i));
    __m128i d = _mm_sub_epi8(x, zero);  // a digit is 0..9 as an unsigned byte
    auto dots = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, dot)));
    auto digits = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, nine), d)));
    auto braces = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, open), _mm_cmpeq_epi8(x, close))));
    m.dots |= std::uint64_t{dots} << (16 * i);
    m.digits |= std::uint64_t{digits} << (16 * i);
    m.braces |= std::uint64_t{braces} << (16 * i);
  }
#else
  for (int i = 0; i < 64; ++i) {
    m.dots |= std::uint64_t{block[i] == '.'} << i;
    m.digits |= std::uint64_t{block[i] >= '0' && block[i] <= '9'} << i;
    m.braces |= std::uint64_t{block[i] == '{' || block[i] == '}'} << i;
  }
#endif
  return m;
}

// Copies n bytes 16 at a time (inline moves, not a call): both buffers have 16 bytes of slack.
void copy16(char* dst, const char* src, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 16) std::memcpy(dst + i, src + i, 16);
}

}  // namespace

bool name_template_scan(std::string_view name, std::string& out, std::vector<std::uint32_t>& indices) {
  // Called once per tensor (~47k): the dots and digits of 64 bytes are found at once, only
  // segments that start with a digit are looked at, and the text between index segments is
  // copied whole. The name is copied into a zero-padded buffer first, so that every load and
  // copy can be 16 bytes wide; the output is sized for the worst case ("{}" for every
  // one-digit segment).
  // kPad zero bytes after the name cover both the last 64-byte block and a 16-byte copy.
  constexpr std::size_t kStack = 256;
  constexpr std::size_t kPad = 80;
  const std::size_t n = name.size();
  char in_stack[kStack + kPad];
  char out_stack[2 * kStack + 32];
  std::string in_heap;
  std::string out_heap;
  char* in = in_stack;
  char* buf = out_stack;
  if (n > kStack) {
    in_heap.resize(n + kPad);
    out_heap.resize(2 * n + 32);
    in = in_heap.data();
    buf = out_heap.data();
  }
  std::memcpy(in, name.data(), n);
  std::memset(in + n, 0, kPad);  // a constant size: a few stores, not a call
  char* w = buf;
  std::size_t copied = 0;      // in[copied, ...) is still to be copied
  bool starts_segment = true;  // the next block's first byte starts a segment
  bool braces = false;
  for (std::size_t block = 0; block < n; block += 64) {
    BlockMasks m = block_masks(in + block);
    braces = braces || m.braces != 0;
    std::uint64_t candidates = ((m.dots << 1) | (starts_segment ? 1u : 0u)) & m.digits;
    starts_segment = (m.dots >> 63) != 0;
    while (candidates != 0) {
      std::size_t seg = block + static_cast<std::size_t>(std::countr_zero(candidates));
      candidates &= candidates - 1;
      // An index segment: 1 to 9 digits up to a dot or the end, no leading zero (so the
      // split round-trips).
      std::size_t end = seg;
      std::uint32_t v = 0;
      while (end < n && end - seg < 10 && in[end] >= '0' && in[end] <= '9') {
        v = v * 10 + static_cast<std::uint32_t>(in[end++] - '0');
      }
      std::size_t len = end - seg;
      if ((end != n && in[end] != '.') || len > 9 || (len > 1 && in[seg] == '0')) continue;
      copy16(w, in + copied, seg - copied);
      w += seg - copied;
      *w++ = '{';
      *w++ = '}';
      indices.push_back(v);
      copied = end;
    }
  }
  copy16(w, in + copied, n - copied);
  w += n - copied;
  out.assign(buf, static_cast<std::size_t>(w - buf));
  return braces;
}

void name_template_into(std::string_view name, std::string& out, std::vector<std::uint32_t>& indices) {
  name_template_scan(name, out, indices);
}

std::string name_template(std::string_view name, std::vector<std::uint32_t>* indices) {
  std::string out;
  std::vector<std::uint32_t> idx;
  name_template_into(name, out, idx);
  if (indices != nullptr) indices->insert(indices->end(), idx.begin(), idx.end());
  return out;
}

}  // namespace intake
