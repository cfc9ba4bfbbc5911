/* test_hofish.c -- C-only checks of hofish9 (HoDoKu's Franken/Mutant fish; basic, finned
 * and sashimi fish on rows and columns).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped), every record must be whole (a digit with places,
 * distinct houses of the right kinds) and sound: what the fish removes, recomputed here
 * from the record by the fish rule, never holds the solution's digit (solution from the
 * plain reference solver). Also: same input, same bytes; max_hits 1 gives the first
 * record (at most 200 records of a search are checked); bad input refused; random masks never crash (run under ASan/UBSan).
 *
 *     test_hofish [--rounds N] [--light]    (--light: one puzzle, Franken sizes 2 only; for valgrind)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../hofish9.h"
#include "ref_solver.h"

#include "test_util.h"

static int in_house(int h, int cell)
{
    int r = cell / 9, c = cell % 9;
    return h < 9 ? r == h : h < 18 ? c == h - 9 : (r / 3 * 3 + c / 3) == h - 18;
}

static const char *PUZZLES[] = {
    "130000092090205010002080600320908054000000000700040001060000070800000005003010800",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "000070560040000200000380007960030000000000006003420000005260079070000002000009408",
};

/* The cells a Franken/Mutant record removes, by the fish rule; -1 for a malformed record. */
static int franken_kills(const uint16_t *cands, const uint8_t *rec, int finned, uint8_t kill[81])
{
    int d = rec[0], n = rec[1];
    if (d < 1 || d > 9) return -1;
    int bases[81] = {0}, covers[81] = {0}, fins = 0, nkill = 0;
    for (int k = 0; k < 2 * n; k++) {
        if (rec[2 + k] >= 27) return -1;
        for (int j = 0; j < k; j++)
            if (rec[2 + j] == rec[2 + k] && (j < n) == (k < n)) return -1;
    }
    for (int i = 0; i < 81; i++) {
        if (!(cands[i] >> (d - 1) & 1)) continue;
        for (int k = 0; k < n; k++) bases[i] += in_house(rec[2 + k], i), covers[i] += in_house(rec[2 + n + k], i);
    }
    int fin[81] = {0};
    for (int i = 0; i < 81; i++)
        if (bases[i] && (bases[i] > 1 || !covers[i])) fin[i] = 1, fins++;
    if (finned ? (fins == 0 || fins > 5) : fins != 0) return -1;
    for (int i = 0; i < 81; i++) {
        kill[i] = 0;
        if (!(cands[i] >> (d - 1) & 1) || !covers[i] || (bases[i] && covers[i] < 2)) continue;
        int seen = 1;
        for (int f = 0; f < 81; f++)
            if (fin[f] && !sees(f, i)) seen = 0;
        if (seen) kill[i] = 1, nkill++;
    }
    return nkill ? nkill : -1;
}

/* The cells a basic/finned record removes; -1 for a malformed record. */
static int basic_kills(const uint16_t *cands, const uint8_t *rec, int size, int mode, uint8_t kill[81])
{
    int d = rec[0], by_rows = rec[1];
    unsigned cover = rec[2 + size] | (unsigned)rec[3 + size] << 8, fins = rec[4 + size] | (unsigned)rec[5 + size] << 8;
    if (d < 1 || d > 9 || by_rows > 1 || cover > 0x1FF || fins > 0x1FF || (mode == 0) != (fins == 0)) return -1;
    int nkill = 0, fin_cells[81], nf = 0;
    unsigned base_lines = 0;
    for (int k = 0; k < size; k++) {
        if (rec[2 + k] > 8) return -1;
        base_lines |= 1u << rec[2 + k];
    }
    for (int i = 0; i < 81; i++) {
        int line = by_rows ? i / 9 : i % 9, cross = by_rows ? i % 9 : i / 9;
        if ((cands[i] >> (d - 1) & 1) && (base_lines >> line & 1)) {
            if (fins >> cross & 1) fin_cells[nf++] = i;
            else if (!(cover >> cross & 1)) return -1; /* a base place neither covered nor a fin */
        }
    }
    if (mode && !nf) return -1;
    for (int i = 0; i < 81; i++) {
        int line = by_rows ? i / 9 : i % 9, cross = by_rows ? i % 9 : i / 9;
        kill[i] = 0;
        if (!(cands[i] >> (d - 1) & 1) || (base_lines >> line & 1) || !(cover >> cross & 1)) continue;
        int seen = 1;
        for (int f = 0; f < nf; f++)
            if (!sees(fin_cells[f], i)) seen = 0;
        if (seen) kill[i] = 1, nkill++;
    }
    return nkill ? nkill : -1;
}

static int check_sound(const uint8_t *kill, const uint8_t *solution, int d)
{
    int bad = 0;
    for (int i = 0; i < 81; i++)
        if (kill[i] && solution[i] - '0' == d) bad++;
    return bad;
}

/* Completeness: a plain search (cell arrays, no bitsets, no pruning) over every base and
 * cover set in HoDoKu's order; each fish it meets that the kernel's search cannot skip
 * (finless, or finned with at most 5 uncovered places and endo fins together) must be a
 * record of the kernel's output `all` (max_hits 0). The number of such fish. */
typedef struct {
    const uint16_t *cands;
    int d, size, finned, mutant;
    int base_units[27], cover_units[27], nb, nc;
    int bases[4], covers[4], in_base[81], in_cover[81], endo[81], nendo;
    const hf_out *all;
    int found;
} plain_ctx;

static int has_digit(const plain_ctx *p, int cell) { return p->cands[cell] >> (p->d - 1) & 1; }

static void plain_leaf(plain_ctx *p)
{
    int fins[81], nf = 0, uncovered = 0, any_kill = 0;
    for (int i = 0; i < 81; i++) {
        if (p->in_base[i] && !p->in_cover[i]) uncovered++;
        if ((p->in_base[i] && !p->in_cover[i]) || p->endo[i]) fins[nf++] = i;
    }
    if (p->finned ? !nf || nf > 5 || uncovered + p->nendo > 5 : nf > 0) return;
    for (int i = 0; i < 81 && !any_kill; i++) {
        if (!has_digit(p, i) || !((p->in_cover[i] && !p->in_base[i]) || p->in_cover[i] >= 2)) continue;
        int all = 1;
        for (int f = 0; f < nf; f++) all &= sees(i, fins[f]);
        any_kill = all;
    }
    if (!any_kill) return;
    uint8_t rec[10];
    size_t width = 2 + 2 * (size_t)p->size;
    rec[0] = (uint8_t)p->d, rec[1] = (uint8_t)p->size;
    for (int k = 0; k < p->size; k++) rec[2 + k] = (uint8_t)p->bases[k], rec[2 + p->size + k] = (uint8_t)p->covers[k];
    int listed = 0;
    for (size_t at = 0; at + width <= p->all->len && !listed; at += width) listed = !memcmp(p->all->data + at, rec, width);
    CHECK(listed, "digit %d: a fish the kernel did not list", p->d);
    p->found++;
}

static void plain_covers(plain_ctx *p, int start, int level)
{
    if (level == p->size) {
        plain_leaf(p);
        return;
    }
    for (int k = start; k < p->nc; k++) {
        int h = p->cover_units[k], hits = 0, used = 0;
        for (int j = 0; j < p->size; j++) used |= p->bases[j] == h;
        for (int i = 0; i < 81; i++) hits += in_house(h, i) && p->in_base[i] && has_digit(p, i);
        if (used || !hits) continue;
        for (int i = 0; i < 81; i++) p->in_cover[i] += in_house(h, i) && has_digit(p, i);
        p->covers[level] = h;
        plain_covers(p, k + 1, level + 1);
        for (int i = 0; i < 81; i++) p->in_cover[i] -= in_house(h, i) && has_digit(p, i);
    }
}

static void plain_bases(plain_ctx *p, int start, int level)
{
    if (level == p->size) {
        plain_covers(p, 0, 0);
        return;
    }
    for (int k = start; k < p->nb; k++) {
        int h = p->base_units[k], overlap = 0;
        for (int i = 0; i < 81; i++) overlap += in_house(h, i) && has_digit(p, i) && p->in_base[i];
        if (overlap && (!p->finned || p->nendo + overlap > 2)) continue; /* the kernel's endo fin rule */
        int added[81] = {0};
        for (int i = 0; i < 81; i++)
            if (in_house(h, i) && has_digit(p, i)) {
                if (p->in_base[i] && !p->endo[i]) p->endo[i] = added[i] = 1, p->nendo++;
                p->in_base[i]++;
            }
        p->bases[level] = h;
        plain_bases(p, k + 1, level + 1);
        for (int i = 0; i < 81; i++) {
            if (in_house(h, i) && has_digit(p, i)) p->in_base[i]--;
            if (added[i]) p->endo[i] = 0, p->nendo--;
        }
    }
}

static int check_complete(const uint16_t *cands, int size, int finned, int mutant, const hf_out *all)
{
    plain_ctx p;
    memset(&p, 0, sizeof p);
    p.cands = cands, p.size = size, p.finned = finned, p.mutant = mutant, p.all = all;
    for (p.d = 1; p.d <= 9; p.d++)
        for (int lines = 1; lines >= 0; lines--) {
            p.nb = p.nc = 0;
            for (int h = 0; h < 27; h++) {
                int places = 0;
                for (int i = 0; i < 81; i++) places += in_house(h, i) && has_digit(&p, i);
                if (!places) continue;
                int small = finned || places <= size;
                int base = mutant || h >= 18 || (h < 9) == lines, cover = mutant || h >= 18 || (h < 9) != lines;
                if (cover) p.cover_units[p.nc++] = h;
                if (base && small) p.base_units[p.nb++] = h;
            }
            plain_bases(&p, 0, 0);
            if (mutant) break;
        }
    return p.found;
}

/* All searches on one grid; the number of records checked. */
static int light = 0, complete = 0;

static int check_grid(const uint16_t *cands, const uint8_t *solution, int heavy)
{
    int total = 0;
    uint8_t kill[81];
    for (int size = 2; size <= (light ? 2 : heavy ? 4 : 3); size++)
        for (int kind = 0; kind < 4; kind++) {
            hf_out all = {0}, again = {0}, first = {0};
            long s1 = 0, s2 = 0, s3 = 0;
            int finned = kind & 1, mutant = kind >> 1;
            if ((mutant && size > 2) || (size > 3 && !heavy)) continue; /* the costly ones (size 4: a few grids) */
            CHECK(hofish9_search(cands, size, finned, mutant, 0, &all, &s1) == HF_OK, "search failed");
            CHECK(hofish9_search(cands, size, finned, mutant, 0, &again, &s2) == HF_OK, "search failed");
            CHECK(all.len == again.len && s1 == s2 && (!all.len || !memcmp(all.data, again.data, all.len)), "not deterministic");
            CHECK(hofish9_search(cands, size, finned, mutant, 1, &first, &s3) == HF_OK, "limited search failed");
            size_t width = 2 + 2 * (size_t)size;
            CHECK(all.len % width == 0, "records not whole");
            CHECK(first.len == (all.len ? width : 0) && (!first.len || !memcmp(first.data, all.data, width)),
                  "max_hits 1 is not the first record");
            if (size == 2 || (size == 3 && heavy && !mutant)) complete += check_complete(cands, size, finned, mutant, &all);
            for (size_t at = 0; at + width <= all.len && at < 200 * width; at += width) {
                CHECK(all.data[at + 1] == size, "size %d in a size %d record", all.data[at + 1], size);
                int n = franken_kills(cands, all.data + at, finned, kill);
                CHECK(n > 0, "malformed fish record");
                if (n > 0) CHECK(!check_sound(kill, solution, all.data[at]), "a fish removes a solution digit");
                total++;
            }
            hofish9_out_free(&all), hofish9_out_free(&again), hofish9_out_free(&first);
        }
    for (int size = 2; size <= 4; size++)
        for (int mode = 0; mode <= 2; mode++) {
            hf_out all = {0}, first = {0};
            long s1 = 0, s2 = 0;
            CHECK(hofish9_basic(cands, size, mode, 0, &all, &s1) == HF_OK, "basic search failed");
            CHECK(hofish9_basic(cands, size, mode, 1, &first, &s2) == HF_OK, "limited basic search failed");
            size_t width = 6 + (size_t)size;
            CHECK(all.len % width == 0, "basic records not whole");
            CHECK(first.len == (all.len ? width : 0) && (!first.len || !memcmp(first.data, all.data, width)),
                  "max_hits 1 is not the first basic record");
            for (size_t at = 0; at + width <= all.len && at < 200 * width; at += width) {
                int n = basic_kills(cands, all.data + at, size, mode, kill);
                CHECK(n > 0, "malformed basic fish record");
                if (n > 0) CHECK(!check_sound(kill, solution, all.data[at]), "a basic fish removes a solution digit");
                total++;
            }
            hofish9_out_free(&all), hofish9_out_free(&first);
        }
    return total;
}

int main(int argc, char **argv)
{
    int rounds = 4;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--light")) light = 1;
    }
    uint16_t cands[81];
    uint8_t solution[81];
    int total = 0;
    for (size_t k = 0; k < (light ? 1 : sizeof PUZZLES / sizeof *PUZZLES); k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, 5 + r % 3, cands);
            total += check_grid(cands, solution, r == 0);
        }
    }
    CHECK(total > 0, "no fish found in the sample grids");
    CHECK(complete > 0, "the plain search met no fish");
    hf_out out = {0};
    long spent = 0;
    candidates(PUZZLES[0], solution, 0, cands);
    CHECK(hofish9_search(cands, 5, 0, 0, 0, &out, &spent) == HF_BAD_INPUT, "size 5 accepted");
    CHECK(hofish9_search(cands, 2, 0, 0, -1, &out, &spent) == HF_BAD_INPUT, "max_hits -1 accepted");
    CHECK(hofish9_basic(cands, 1, 0, 0, &out, &spent) == HF_BAD_INPUT, "basic size 1 accepted");
    CHECK(hofish9_basic(cands, 2, 3, 0, &out, &spent) == HF_BAD_INPUT, "mode 3 accepted");
    cands[7] = 0x200;
    CHECK(hofish9_search(cands, 2, 1, 0, 0, &out, &spent) == HF_BAD_INPUT, "mask 0x200 accepted");
    CHECK(hofish9_basic(cands, 2, 1, 0, &out, &spent) == HF_BAD_INPUT, "basic: mask 0x200 accepted");
    CHECK(out.len == 0, "output written on bad input");
    hofish9_out_free(&out);
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 5 == 0) ? 0 : (z >> 8) & (z >> 20) & 0x1FF);
        }
        hf_out o = {0};
        long s = 0;
        CHECK(hofish9_search(cands, 2 + r % 2, r % 2, (r >> 1) % 2, r % 3, &o, &s) == HF_OK, "random search failed");
        CHECK(hofish9_basic(cands, 2 + r % 3, r % 3, r % 2, &o, &s) == HF_OK, "random basic search failed");
        hofish9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_hofish: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_hofish: %d fish checked, all sound; %d fish of a plain search all listed\n", total, complete);
    return 0;
}
