/* solver9.c -- band bitboard solver for 9x9 Sudoku.
 *
 * State: for each digit d and band b, f[3*d + b] is the 27-bit set of cells of band b
 * where d is still a candidate (layout in bits.h).  A placed cell keeps exactly one
 * digit bit and leaves `unsolved`.
 *
 * Propagation runs to a fixpoint (solver9_body.h):
 *   1. per digit, band by band: the minirows holding d must form one of the 6
 *      row->box permutations, "configurations" (T9_PERM_KEEP); this gives row/box hidden
 *      singles and pointing/claiming along rows;
 *   2. per digit, across bands: a column alone in its box within a band is locked to
 *      that band (pointing, T9_LOCKED_COLS) and a column present in only one band
 *      clears the rest of its box there (claiming, T9_CLAIM_KEEP);
 *   3. a cell left alone in its band row holds d (hidden single): the other digits lose it;
 *   4. per band, the 9 digit masks are bit-sliced into "at least once / at least twice"
 *      accumulators: cells seen once are naked singles, cells seen never contradictions;
 *   5. triads: the 3 cells of a minirow or minicolumn hold exactly 3 digits (tdoku's
 *      insight), counted across digits by bit-slicing as well.
 * Search branches on the band digit with the fewest configurations left, in the band
 * with the fewest configurations over all digits (tdoku's heuristic); when every digit is
 * down to one configuration it branches on a bivalue cell (else the cell with fewest
 * candidates).  Every alternative but the last runs on a copy of the 228-byte state.
 *
 * The body is compiled once per code path: portable (SSE2 at most), BMI2 (PEXT packs
 * minirows in one instruction) and AVX2+BMI2 (auto-vectorised; measured slower than BMI2
 * on Zen 3, so only taken when forced).  s9_auto_path picks one from the CPU's features;
 * the *_path entry points take the caller's choice (the binding reads SUDOKIT_CPU).
 */
#include "solver9.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bits.h"
#include "tables9.h"

/* Run-time dispatch needs GCC/Clang on x86-64 (target attributes, __builtin_cpu_supports). */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__)) && \
    !defined(S9_NO_DISPATCH)
#define S9_HAVE_X86_DISPATCH 1
#else
#define S9_HAVE_X86_DISPATCH 0
#endif

typedef struct {
    uint32_t f[27];       /* f[3*d + b]: candidate cells of digit d in band b */
    uint32_t unsolved[3]; /* cells of each band without a placed digit */
    uint32_t seen[27];    /* f as it was when digit d was last brought to its fixpoint */
} s9_state;

typedef struct {
    uint32_t count;
    uint32_t limit;
    uint64_t guesses;
    uint8_t *solution; /* first solution goes here (81 bytes), may be NULL */
    s9_poll_fn poll;   /* cancellation hook, may be NULL */
    void *poll_ctx;
    int stopped;       /* poll asked to stop: unwind (limit is then 0) */
} s9_search;

#define S9_POLL_EVERY 0x3FFFu /* guesses between two calls of the poll hook, minus 1 */

/* Ask the hook whether to stop; if so make every "limit reached" check fire. */
static int s9_poll(s9_search *s)
{
    if (s->poll && s->poll(s->poll_ctx)) {
        s->stopped = 1;
        s->limit = 0;
    }
    return s->stopped;
}

/* Band cells of a 3-bit set of band rows / of boxes of a band (setup). */
static const uint32_t S9_ROW_CELLS[8] = {0, 0x1FF, 0x3FE00, 0x3FFFF, 0x7FC0000, 0x7FC01FF, 0x7FFFE00, 0x7FFFFFF};
static const uint32_t S9_BOX_CELLS[8] = {0, 0x1C0E07, 0xE07038, 0xFC7E3F, 0x70381C0, 0x71F8FC7, 0x7E3F1F8, 0x7FFFFFF};

/* Read the 81 bytes once: given[3*d + b] = the cells of band b holding digit d+1.
 * Returns 0, or -1 if a byte is not '1'-'9', '.' or '0'.  Each byte is read exactly
 * once, so a buffer another thread changes meanwhile cannot make the masks disagree. */
static int s9_scan(const uint8_t *puzzle, uint32_t given[27])
{
#if defined(__SSE2__)
    /* 16 cells per compare: cells 0-79 in five loads, cell 80 as the last byte of a sixth
     * load of bytes 65-80 (never reads past the 81 bytes). */
    __m128i v[6];
    for (int k = 0; k < 5; k++) v[k] = _mm_loadu_si128((const __m128i *)(const void *)(puzzle + 16 * k));
    v[5] = _mm_loadu_si128((const __m128i *)(const void *)(puzzle + 65));
    uint64_t seen_lo = 0, seen_hi = 0;
    for (int d = 0; d < 11; d++) {
        __m128i c = _mm_set1_epi8((char)(d < 9 ? '1' + d : d == 9 ? '.' : '0'));
        uint64_t m[6];
        for (int k = 0; k < 6; k++) m[k] = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v[k], c));
        uint64_t lo = m[0] | m[1] << 16 | m[2] << 32 | m[3] << 48, hi = m[4] | (m[5] >> 15) << 16;
        seen_lo |= lo;
        seen_hi |= hi;
        if (d < 9) {
            given[3 * d] = (uint32_t)lo & SK_BAND_FULL;
            given[3 * d + 1] = (uint32_t)(lo >> 27) & SK_BAND_FULL;
            given[3 * d + 2] = (uint32_t)(lo >> 54 | hi << 10) & SK_BAND_FULL;
        }
    }
    return (~seen_lo | (~seen_hi & 0x1FFFFu)) ? -1 : 0;
#else
    int bad = 0;
    for (int k = 0; k < 27; k++) given[k] = 0;
    for (int i = 0; i < 81; i++) {
        uint8_t ch = puzzle[i];
        unsigned d = (unsigned)ch - '1';
        if (d < 9)
            given[3 * d + i / 27] |= 1u << (i % 27);
        else
            bad |= (ch != '.') & (ch != '0');
    }
    return bad ? -1 : 0;
#endif
}

#define S9_NAME(x) x##_generic
#define S9_TARGET
#define S9_USE_PEXT 0
#include "solver9_body.h"
#undef S9_NAME
#undef S9_TARGET
#undef S9_USE_PEXT

#if S9_HAVE_X86_DISPATCH
#include <immintrin.h>
#define S9_NAME(x) x##_bmi2
#define S9_TARGET __attribute__((target("popcnt,bmi,bmi2")))
#define S9_USE_PEXT 1
#include "solver9_body.h"
#undef S9_NAME
#undef S9_TARGET
#define S9_NAME(x) x##_avx2
#define S9_TARGET __attribute__((target("popcnt,bmi,bmi2,avx,avx2")))
#include "solver9_body.h"
#undef S9_NAME
#undef S9_TARGET
#undef S9_USE_PEXT
#endif

typedef uint32_t (*s9_solve_fn)(const uint8_t *, uint32_t, uint8_t *, uint64_t *, s9_poll_fn, void *, int *);

static const char *const S9_PATH_NAMES[S9_NPATHS] = {"portable", "bmi2", "avx2"};

int s9_path_supported(int path)
{
    if (path == S9_PATH_PORTABLE) return 1;
#if S9_HAVE_X86_DISPATCH
    __builtin_cpu_init();
    int bmi2 = __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi");
    if (path == S9_PATH_BMI2) return bmi2;
    if (path == S9_PATH_AVX2) return bmi2 && __builtin_cpu_supports("avx2");
#endif
    return 0;
}

/* The path for this CPU and why.  PEXT (BMI2) is fast on every Intel part that has it
 * (Haswell on) and on AMD from Zen 3 (family 0x19) on; on Excavator (0x15) and Zen 1/2
 * (0x17) it is microcoded, tens of cycles, slower than the portable table lookups, and
 * Hygon's parts are Zen 1.  libgcc's cpu model (no cpuid instruction per call: it traps
 * in a VM) names those old families, so any other AMD with BMI2 is Zen 3 or later. */
int s9_auto_path(const char **reason)
{
    const char *why;
    int path = S9_PATH_PORTABLE;
#if S9_HAVE_X86_DISPATCH
    __builtin_cpu_init();
    if (!s9_path_supported(S9_PATH_BMI2))
        why = "CPU without BMI2: portable code";
    else if (__builtin_cpu_is("intel")) {
        path = S9_PATH_BMI2;
        why = "Intel CPU with BMI2: PEXT is fast (Haswell and later)";
    } else if (__builtin_cpu_is("amd") && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h")) {
        path = S9_PATH_BMI2;
        why = "AMD CPU with BMI2 from family 0x19 (Zen 3) on: PEXT is fast";
    } else if (__builtin_cpu_is("amd"))
        why = "AMD before Zen 3 (family 0x15 or 0x17): PEXT is microcoded and slow, portable code";
    else
        why = "BMI2 on a CPU of unknown PEXT speed (not Intel or AMD): portable code";
#else
    why = "not x86-64 with GCC or Clang: portable code";
#endif
    if (reason) *reason = why;
    return path;
}

const char *s9_path_name(int path) { return path >= 0 && path < S9_NPATHS ? S9_PATH_NAMES[path] : NULL; }

static s9_solve_fn solver_for(int path)
{
#if S9_HAVE_X86_DISPATCH
    if (path == S9_PATH_BMI2) return solve_one_bmi2;
    if (path == S9_PATH_AVX2) return solve_one_avx2;
#endif
    (void)path;
    return solve_one_generic;
}

/* A path the caller asked for that this CPU cannot run, or an unknown one, becomes auto. */
static s9_solve_fn pick_solver(int path)
{
    if (path <= S9_PATH_AUTO || path >= S9_NPATHS || !s9_path_supported(path)) path = s9_auto_path(NULL);
    return solver_for(path);
}

static uint32_t clamp_limit(uint32_t limit) { return limit < 1 ? 1 : (limit > S9_MAX_LIMIT ? S9_MAX_LIMIT : limit); }

uint32_t s9_solve_path(int path, const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses,
                       s9_poll_fn poll, void *ctx, int *stopped)
{
    return pick_solver(path)(puzzle, clamp_limit(limit), solution, guesses, poll, ctx, stopped);
}

uint32_t s9_solve_poll(const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses, s9_poll_fn poll,
                       void *ctx, int *stopped)
{
    return s9_solve_path(S9_PATH_AUTO, puzzle, limit, solution, guesses, poll, ctx, stopped);
}

uint32_t s9_solve(const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses)
{
    return s9_solve_path(S9_PATH_AUTO, puzzle, limit, solution, guesses, NULL, NULL, NULL);
}

uint64_t s9_solve_batch_path(int path, const uint8_t *puzzles, size_t n, uint8_t *solutions, uint8_t *counts_bytes,
                             uint32_t limit, s9_poll_fn poll, void *ctx, int *stopped)
{
    s9_solve_fn solve = pick_solver(path);
    uint64_t guesses = 0;
    int halt = 0;
    limit = clamp_limit(limit);
    for (size_t i = 0; i < n && !halt; i++) {
        if (poll && (i & 4095u) == 4095u && poll(ctx)) {
            halt = 1;
            break;
        }
        uint32_t count = solve(puzzles + 81 * i, limit, solutions + 81 * i, &guesses, poll, ctx, &halt);
        memcpy(counts_bytes + 4 * i, &count, 4);
    }
    if (stopped && halt) *stopped = 1;
    return guesses;
}

uint64_t s9_solve_batch_poll(const uint8_t *puzzles, size_t n, uint8_t *solutions, uint8_t *counts_bytes,
                             uint32_t limit, s9_poll_fn poll, void *ctx, int *stopped)
{
    return s9_solve_batch_path(S9_PATH_AUTO, puzzles, n, solutions, counts_bytes, limit, poll, ctx, stopped);
}

uint64_t s9_solve_batch(const uint8_t *puzzles, size_t n, uint8_t *solutions, uint8_t *counts_bytes,
                        uint32_t limit)
{
    return s9_solve_batch_path(S9_PATH_AUTO, puzzles, n, solutions, counts_bytes, limit, NULL, NULL, NULL);
}

const char *const *s9_path_features(int path)
{
    static const char *const generic[] = {NULL};
    static const char *const bmi2[] = {"popcnt", "bmi2", NULL};
    static const char *const avx2[] = {"popcnt", "bmi2", "avx2", NULL};
    if (path <= S9_PATH_AUTO || path >= S9_NPATHS || !s9_path_supported(path)) path = s9_auto_path(NULL);
    return path == S9_PATH_BMI2 ? bmi2 : path == S9_PATH_AVX2 ? avx2 : generic;
}

const char *const *s9_features(void) { return s9_path_features(S9_PATH_AUTO); }

/* Force the portable copy (tests use it to check both copies agree). */
uint32_t s9_solve_portable(const uint8_t *puzzle, uint32_t limit, uint8_t *solution, uint64_t *guesses)
{
    return solve_one_generic(puzzle, clamp_limit(limit), solution, guesses, NULL, NULL, NULL);
}
