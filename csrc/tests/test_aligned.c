/* test_aligned.c -- C-only checks of aligned9 (SE's Aligned Pair/Triplet Exclusion).
 *
 * On candidate grids that still hold a puzzle's solution (the clues' peers cleared, then
 * random false candidates dropped so that bivalue and trivalue cells appear), every
 * record aligned9_exclusion writes must be whole (1..degree distinct cells, each losing
 * candidates it has) and sound: no removed digit is the solution's (found by the plain
 * reference solver). Also: same input, same bytes; a limit on the hints gives a prefix of
 * all of them; bad input refused; hostile masks never crash (run under ASan/UBSan).
 *
 *     test_aligned [--rounds N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../aligned9.h"
#include "../solver9.h"
#include "ref_solver.h"

#include "test_util.h"

static const char *PUZZLES[] = {
    "130000092090205010002080600320908054000000000700040001060000070800000005003010800",
    "610000000040600500307009004003804001000050000400903600900400207008005030000000056",
    "004010350100070900850900001000000800280000063007000000700008049008050002025040700",
    "000070560040000200000380007960030000000000006003420000005260079070000002000009408",
};

/* Check the records of one search; the number of records. */
static int check_records(const uint16_t *cands, const uint8_t *solution, const al_out *out, int degree)
{
    size_t at = 0;
    int records = 0;
    while (at < out->len) {
        int n = out->data[at];
        CHECK(n >= 1 && n <= degree && at + 1 + 3 * (size_t)n <= out->len, "bad record length %d", n);
        if (n < 1 || n > degree || at + 1 + 3 * (size_t)n > out->len) return records;
        for (int k = 0; k < n; k++) {
            const uint8_t *e = out->data + at + 1 + 3 * k;
            int cell = e[0];
            unsigned mask = (unsigned)e[1] | (unsigned)e[2] << 8;
            CHECK(cell < 81 && mask && mask <= 0x1FF, "bad entry cell %d mask %#x", cell, mask);
            if (cell >= 81) return records;
            CHECK((cands[cell] & mask) == mask, "r%dc%d loses %#x, not all candidates", cell / 9 + 1, cell % 9 + 1, mask);
            CHECK(!(mask >> (solution[cell] - '1') & 1), "r%dc%d loses its solution digit %c", cell / 9 + 1,
                  cell % 9 + 1, solution[cell]);
            for (int j = 0; j < k; j++) CHECK(out->data[at + 1 + 3 * j] != cell, "a cell twice in one record");
        }
        at += 1 + 3 * (size_t)n;
        records++;
    }
    return records;
}

/* The candidates left by the clues, then each false candidate dropped with probability
 * drop/8 (the solution's digit always stays). */
/* One grid: deterministic, limits give prefixes, every record valid. */
static int check_grid(const uint16_t *cands, const uint8_t *solution)
{
    int total = 0;
    for (int degree = 2; degree <= 3; degree++) {
        al_out all = {0}, again = {0}, first = {0};
        long spent = 0, spent2 = 0, spent1 = 0;
        CHECK(aligned9_exclusion(cands, degree, 0, &all, &spent) == AL_OK, "search failed");
        CHECK(aligned9_exclusion(cands, degree, 0, &again, &spent2) == AL_OK, "search failed");
        CHECK(all.len == again.len && spent == spent2 && (!all.len || !memcmp(all.data, again.data, all.len)),
              "not deterministic");
        CHECK(aligned9_exclusion(cands, degree, 1, &first, &spent1) == AL_OK, "limited search failed");
        CHECK(first.len <= all.len && spent1 <= spent && (!first.len || !memcmp(first.data, all.data, first.len)),
              "the first hint is not the first of all");
        CHECK(!first.len || first.len == 1 + 3 * (size_t)first.data[0], "max_hints 1 gave more than one record");
        total += check_records(cands, solution, &all, degree);
        aligned9_out_free(&all);
        aligned9_out_free(&again);
        aligned9_out_free(&first);
    }
    return total;
}

int main(int argc, char **argv)
{
    int rounds = 100;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rounds")) rounds = atoi(argv[i + 1]);
    uint16_t cands[81];
    uint8_t solution[81];
    int total = 0;
    for (size_t k = 0; k < sizeof PUZZLES / sizeof *PUZZLES; k++) {
        CHECK(ref_solve((const uint8_t *)PUZZLES[k], 2, solution) == 1, "puzzle %zu is not unique", k);
        for (int r = 0; r < rounds; r++) {
            candidates(PUZZLES[k], solution, r % 7, cands);
            total += check_grid(cands, solution);
        }
    }
    CHECK(total > 0, "no aligned exclusion found in the sample grids");
    /* bad input */
    al_out out = {0};
    long spent = 0;
    candidates(PUZZLES[0], solution, 0, cands);
    CHECK(aligned9_exclusion(cands, 4, 0, &out, &spent) == AL_BAD_INPUT, "degree 4 accepted");
    CHECK(aligned9_exclusion(cands, 2, -1, &out, &spent) == AL_BAD_INPUT, "max_hints -1 accepted");
    cands[7] = 0x200;
    CHECK(aligned9_exclusion(cands, 2, 0, &out, &spent) == AL_BAD_INPUT, "mask 0x200 accepted");
    CHECK(out.len == 0, "output written on bad input");
    aligned9_out_free(&out);
    /* random 9-bit masks: no crash, records whole (soundness needs a solution: not checked) */
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 81; i++) {
            uint64_t z = next_random();
            cands[i] = (uint16_t)((z % 5 == 0) ? 0 : (z >> 8) & (z >> 20) & 0x1FF);
        }
        al_out o = {0};
        long s = 0;
        CHECK(aligned9_exclusion(cands, 2 + r % 2, (int)(r % 3), &o, &s) == AL_OK, "random search failed");
        aligned9_out_free(&o);
    }
    if (failures) {
        fprintf(stderr, "test_aligned: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_aligned: %d hints checked, all sound\n", total);
    return 0;
}
