/* module.c -- the CPython binding sudokit._core (the only file that includes Python.h).
 *
 * It checks every argument and buffer size, copies nothing it does not need to, and
 * releases the GIL around the solver, which touches no Python object.  The contract is
 * documented in src/sudokit/_core.pyi.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "aligned9.h"
#include "hofish9.h"
#include "hoxy9.h"
#include "hotable9.h"
#include "hoforce9.h"
#include "hosdc9.h"
#include "hoals9.h"
#include "hoalschain9.h"
#include "hocolor9.h"
#include "hosingle9.h"
#include "subset9.h"
#include "howing9.h"
#include "hoprobe9.h"
#include "horect9.h"
#include "seunique9.h"
#include "canon9.h"
#include "dig9.h"
#include "engine.h"
#include "human9.h"
#include "sechain9.h"
#include "seloops9.h"
#include "sedyn9.h"
#include "serules9.h"
#include "solver9.h"

/* Read `limit`: an int >= 1; values above S9_MAX_LIMIT are clamped (counts are uint32). */
static int parse_limit(PyObject *obj, uint32_t *out)
{
    PyObject *index = PyNumber_Index(obj);
    if (!index) return -1;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow < 0 || (overflow == 0 && v < 1)) {
        PyErr_SetString(PyExc_ValueError, "limit must be at least 1");
        return -1;
    }
    *out = (overflow > 0 || v > (long long)S9_MAX_LIMIT) ? S9_MAX_LIMIT : (uint32_t)v;
    return 0;
}

/* The solver's cancellation hook: while the GIL is released, the search calls this now
 * and then (every ~16k guesses, every 4k puzzles); it takes the GIL back for a moment to
 * run pending signal handlers, so Ctrl-C (KeyboardInterrupt) stops a long count. */
typedef struct {
    PyThreadState *saved; /* from PyEval_SaveThread */
    int raised;           /* a signal handler raised: the exception is set in this thread */
} poll_state;

static int poll_signals(void *arg)
{
    poll_state *ps = arg;
    PyEval_RestoreThread(ps->saved);
    if (PyErr_CheckSignals() < 0) ps->raised = 1;
    ps->saved = PyEval_SaveThread();
    return ps->raised;
}

/* 1 if every byte is '1'..'9', '.' or '0'. */
static int valid_puzzle(const uint8_t *p)
{
    for (int i = 0; i < 81; i++)
        if (!((p[i] >= '1' && p[i] <= '9') || p[i] == '.' || p[i] == '0')) return 0;
    return 1;
}

/* Copy one puzzle argument (any bytes-like object) into `out`: 0, or -1 with ValueError
 * set when it is not 81 valid bytes.  The copy lets the GIL go while the buffer is free. */
static int read_puzzle(PyObject *obj, uint8_t out[81])
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0) return -1;
    int ok = view.len == 81;
    if (ok) memcpy(out, view.buf, 81);
    PyBuffer_Release(&view);
    if (!ok || !valid_puzzle(out)) {
        PyErr_SetString(PyExc_ValueError, "puzzle must be 81 bytes of '1'-'9', '.' or '0'");
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- solver code path
 * Picked once when the module loads: SUDOKIT_CPU=portable|bmi2|avx2 forces a path (tests
 * force each one this CPU runs); unset, empty or "auto" takes s9_auto_path's choice.  A
 * path this CPU cannot run, or an unknown name, falls back to auto and says so. */
typedef struct {
    int path;           /* S9_PATH_PORTABLE .. S9_NPATHS - 1 */
    char reason[200];   /* why this path: reported by _core.dispatch() and `sudokit info` */
} core_state;

static core_state *get_state(PyObject *module) { return (core_state *)PyModule_GetState(module); }

static void choose_path(core_state *st)
{
    const char *why, *want = getenv("SUDOKIT_CPU");
    int auto_path = s9_auto_path(&why);
    st->path = auto_path;
    if (!want || !*want || !strcmp(want, "auto")) {
        snprintf(st->reason, sizeof st->reason, "%s", why);
        return;
    }
    for (int p = 0; p < S9_NPATHS; p++) {
        if (strcmp(want, s9_path_name(p)) != 0) continue;
        if (s9_path_supported(p)) {
            st->path = p;
            snprintf(st->reason, sizeof st->reason, "forced by SUDOKIT_CPU=%s", want);
        } else {
            snprintf(st->reason, sizeof st->reason, "SUDOKIT_CPU=%.20s: this CPU cannot run it; %s", want, why);
        }
        return;
    }
    snprintf(st->reason, sizeof st->reason, "SUDOKIT_CPU=%.20s is not portable, bmi2, avx2 or auto; %s", want, why);
}

/* The 81 cells of a puzzle argument: an ASCII str (the common case, no copy through a
 * bytes object) or any bytes-like object.  0, or -1 with ValueError/TypeError set. */
static int read_cells(PyObject *obj, uint8_t out[81])
{
    if (PyUnicode_Check(obj)) {
        if (PyUnicode_GET_LENGTH(obj) != 81 || !PyUnicode_IS_ASCII(obj) || !valid_puzzle(PyUnicode_DATA(obj))) {
            PyErr_SetString(PyExc_ValueError, "puzzle must be 81 characters of '1'-'9', '.' or '0'");
            return -1;
        }
        memcpy(out, PyUnicode_DATA(obj), 81);
        return 0;
    }
    return read_puzzle(obj, out);
}

/* solve(puzzle, limit) -> (count, first_solution, guesses); vectorcall, no argument tuple. */
static PyObject *core_solve(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "solve(puzzle, limit) takes exactly 2 arguments");
        return NULL;
    }
    uint32_t limit;
    uint8_t puzzle[81], solution[81];
    if (read_cells(args[0], puzzle) < 0) return NULL;
    long v = PyLong_CheckExact(args[1]) ? PyLong_AsLong(args[1]) : 0; /* the usual small int, fast */
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        v = 0;
    }
    if (v >= 1 && v <= 0x7FFFFFFFL)
        limit = (uint32_t)v;
    else if (parse_limit(args[1], &limit) < 0)
        return NULL;
    uint64_t guesses = 0;
    poll_state ps = {PyEval_SaveThread(), 0};
    uint32_t count = s9_solve_path(get_state(self)->path, puzzle, limit, solution, &guesses, poll_signals, &ps, NULL);
    PyEval_RestoreThread(ps.saved);
    if (ps.raised) return NULL; /* KeyboardInterrupt (or whatever the handler raised) */
    PyObject *result = PyTuple_New(3);
    if (!result) return NULL;
    PyObject *items[3] = {PyLong_FromUnsignedLong(count),
                          PyBytes_FromStringAndSize((const char *)solution, count ? 81 : 0),
                          PyLong_FromUnsignedLongLong(guesses)};
    for (int k = 0; k < 3; k++) {
        if (!items[k]) {
            for (int m = 0; m < 3; m++) Py_XDECREF(items[m]);
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, k, items[k]);
    }
    return result;
}

/* The counts buffer must hold native 4-byte integers, or be raw bytes. */
static int counts_format_ok(const Py_buffer *v)
{
    if (v->itemsize == 1) return 1;
    if (v->itemsize != 4 || v->format == NULL) return v->itemsize == 4;
    const char *f = v->format;
    if (*f == '@' || *f == '=') f++;
    return (f[0] == 'I' || f[0] == 'i' || f[0] == 'L' || f[0] == 'l') && f[1] == 0;
}

static int overlaps(const Py_buffer *a, const Py_buffer *b)
{
    const char *pa = a->buf, *pb = b->buf;
    return a->len && b->len && pa < pb + b->len && pb < pa + a->len;
}

static PyObject *core_solve_batch(PyObject *self, PyObject *args)
{
    PyObject *p_obj, *s_obj, *c_obj, *limit_obj;
    uint32_t limit;
    int unique_only = 0;
    if (!PyArg_ParseTuple(args, "OOOO|p:solve_batch", &p_obj, &s_obj, &c_obj, &limit_obj, &unique_only)) return NULL;
    if (parse_limit(limit_obj, &limit) < 0) return NULL;
    Py_buffer pv, sv, cv;
    if (PyObject_GetBuffer(p_obj, &pv, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (PyObject_GetBuffer(s_obj, &sv, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&pv);
        return NULL;
    }
    if (PyObject_GetBuffer(c_obj, &cv, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&pv);
        PyBuffer_Release(&sv);
        return NULL;
    }
    PyObject *result = NULL;
    size_t n = (size_t)pv.len / 81;
    if (pv.len % 81 != 0)
        PyErr_SetString(PyExc_ValueError, "puzzles must hold 81*n bytes");
    else if ((size_t)sv.len != 81 * n)
        PyErr_Format(PyExc_ValueError, "solutions must hold %zu bytes (81 per puzzle), got %zd", 81 * n, sv.len);
    else if ((size_t)cv.len != 4 * n || !counts_format_ok(&cv))
        PyErr_Format(PyExc_ValueError, "counts must hold %zu native uint32 values, got %zd bytes", n, cv.len);
    else if ((overlaps(&pv, &sv) && pv.buf != sv.buf) || overlaps(&cv, &pv) || overlaps(&cv, &sv))
        PyErr_SetString(PyExc_ValueError, "output buffers overlap the input or each other");
    else {
        poll_state ps = {PyEval_SaveThread(), 0};
        int stopped = 0;
        uint64_t guesses = s9_solve_batch_path(get_state(self)->path, pv.buf, n, sv.buf, cv.buf, limit, poll_signals,
                                               &ps, &stopped);
        if (unique_only && !stopped) /* the caller wants only unique solutions: blank the rest */
            for (size_t i = 0; i < n; i++) {
                uint32_t count;
                memcpy(&count, (const uint8_t *)cv.buf + 4 * i, 4);
                if (count >= 2 && count != S9_BAD_INPUT) memset((uint8_t *)sv.buf + 81 * i, '.', 81);
            }
        PyEval_RestoreThread(ps.saved);
        if (!ps.raised) result = PyLong_FromUnsignedLongLong(guesses);
    }
    PyBuffer_Release(&cv);
    PyBuffer_Release(&sv);
    PyBuffer_Release(&pv);
    return result;
}

static PyObject *core_features(PyObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (const char *const *f = s9_path_features(get_state(self)->path); *f; f++) {
        PyObject *name = PyUnicode_FromString(*f);
        if (!name || PyList_Append(list, name) < 0) {
            Py_XDECREF(name);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(name);
    }
    return list;
}

/* dispatch() -> (path, reason): the solver's code path and why it was picked. */
static PyObject *core_dispatch(PyObject *self, PyObject *unused)
{
    (void)unused;
    core_state *st = get_state(self);
    return Py_BuildValue("(ss)", s9_path_name(st->path), st->reason);
}

/* canonical(puzzle) -> (status, form, transform): see canon9.h and _core.pyi. */
static PyObject *core_canonical(PyObject *self, PyObject *arg)
{
    (void)self;
    uint8_t puzzle[81], form[81], transform[CANON9_TRANSFORM_BYTES];
    if (read_puzzle(arg, puzzle) < 0) return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = canon9_canonical(puzzle, form, transform, 0);
    Py_END_ALLOW_THREADS
    if (status == CANON9_NO_MEMORY) return PyErr_NoMemory();
    int done = status == CANON9_OK;
    return Py_BuildValue("(iy#y#)", status, (const char *)form, (Py_ssize_t)(done ? 81 : 0), (const char *)transform,
                         (Py_ssize_t)(done ? CANON9_TRANSFORM_BYTES : 0));
}

/* canonical_batch(puzzles, forms, statuses): n forms and n status bytes, GIL released. */
static PyObject *core_canonical_batch(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer pv, fv, sv;
    if (!PyArg_ParseTuple(args, "y*w*w*:canonical_batch", &pv, &fv, &sv)) return NULL;
    PyObject *result = NULL;
    size_t n = (size_t)pv.len / 81;
    if (pv.len % 81 != 0 || (size_t)fv.len != 81 * n || (size_t)sv.len != n)
        PyErr_Format(PyExc_ValueError, "need 81*n puzzle bytes, 81*n form bytes and n status bytes (n=%zu)", n);
    else if (overlaps(&pv, &fv) || overlaps(&pv, &sv) || overlaps(&fv, &sv))
        PyErr_SetString(PyExc_ValueError, "output buffers overlap the input or each other");
    else {
        Py_BEGIN_ALLOW_THREADS
        canon9_canonical_batch(pv.buf, n, fv.buf, sv.buf);
        Py_END_ALLOW_THREADS
        Py_INCREF(Py_None);
        result = Py_None;
    }
    PyBuffer_Release(&sv);
    PyBuffer_Release(&fv);
    PyBuffer_Release(&pv);
    return result;
}

/* where: nine 11-byte little-endian 81-bit masks, bit i of mask d-1 = digit d in cell i. */
static void human_where(const uint16_t *cands, uint8_t *where)
{
    memset(where, 0, 9 * 11);
    for (int d = 0; d < 9; d++)
        for (int i = 0; i < 81; i++)
            if (cands[i] >> d & 1u) where[11 * d + i / 8] |= (uint8_t)(1u << (i % 8));
}

/* human_replay(puzzle) -> (cands, free, ns, hs, where): HoDoKu's clue replay, see
 * human9.h and _core.pyi. */
static PyObject *core_human_replay(PyObject *self, PyObject *arg)
{
    (void)self;
    uint8_t puzzle[81], free[27][10], ns[2 * H9_MAX_NS], hs[2 * H9_MAX_HS], where[9 * 11];
    uint16_t cands[81];
    if (read_puzzle(arg, puzzle) < 0) return NULL;
    for (int i = 0; i < 81; i++) puzzle[i] = (puzzle[i] >= '1' && puzzle[i] <= '9') ? (uint8_t)(puzzle[i] - '0') : 0;
    int n_ns = 0, n_hs = 0;
    human9_replay(puzzle, cands, free, ns, &n_ns, hs, &n_hs);
    human_where(cands, where);
    return Py_BuildValue("(y#y#y#y#y#)", (const char *)cands, (Py_ssize_t)sizeof cands, (const char *)free,
                         (Py_ssize_t)sizeof free, (const char *)ns, (Py_ssize_t)(2 * n_ns), (const char *)hs,
                         (Py_ssize_t)(2 * n_hs), (const char *)where, (Py_ssize_t)sizeof where);
}

/* human_ho_run(values, cands, ns, hs, enabled, max_steps) -> (status, steps, values,
 * cands, ns, hs, free, where): HoDoKu's front, see human9.h and _core.pyi. */
static PyObject *core_human_ho_run(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer vv, cv, nv, hv, pv = {0};
    unsigned int enabled;
    int max_steps;
    if (!PyArg_ParseTuple(args, "y*y*y*y*Ii|y*:human_ho_run", &vv, &cv, &nv, &hv, &enabled, &max_steps, &pv)) return NULL;
    uint8_t values[81], ns[2 * H9_MAX_NS], hs[2 * H9_MAX_HS], steps[H9_HO_STEP_BYTES], free[27][10], where[9 * 11];
    uint8_t pre[3 * 2 * 729]; /* at most 729 placements and 729 eliminations */
    uint16_t cands[81];
    int ok = vv.len == 81 && cv.len == 2 * 81 && nv.len % 2 == 0 && nv.len <= (Py_ssize_t)sizeof ns &&
             hv.len % 2 == 0 && hv.len <= (Py_ssize_t)sizeof hs && pv.len % 3 == 0 && pv.len <= (Py_ssize_t)sizeof pre;
    int n_ns = (int)(nv.len / 2), n_hs = (int)(hv.len / 2), n_pre = (int)(pv.len / 3);
    if (ok) {
        memcpy(values, vv.buf, 81);
        memcpy(cands, cv.buf, sizeof cands);
        memcpy(ns, nv.buf, (size_t)nv.len);
        memcpy(hs, hv.buf, (size_t)hv.len);
        if (pv.len) memcpy(pre, pv.buf, (size_t)pv.len);
    }
    if (pv.obj) PyBuffer_Release(&pv);
    PyBuffer_Release(&hv);
    PyBuffer_Release(&nv);
    PyBuffer_Release(&cv);
    PyBuffer_Release(&vv);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "need 81 value bytes, 81 native uint16 candidate masks, queues of "
                                          "at most 81 / 243 byte pairs and at most 1458 byte triples before the run");
        return NULL;
    }
    int n = 0;
    memset(free, 0, sizeof free);
    int status = human9_ho_run_after(values, cands, ns, &n_ns, hs, &n_hs, pre, n_pre, enabled,
                                     max_steps < 0 ? 0 : max_steps, steps, &n, free);
    human_where(cands, where);
    return Py_BuildValue("(iy#y#y#y#y#y#y#)", status, (const char *)steps, (Py_ssize_t)n, (const char *)values,
                         (Py_ssize_t)81, (const char *)cands, (Py_ssize_t)sizeof cands, (const char *)ns,
                         (Py_ssize_t)(2 * n_ns), (const char *)hs, (Py_ssize_t)(2 * n_hs), (const char *)free,
                         (Py_ssize_t)sizeof free, (const char *)where, (Py_ssize_t)sizeof where);
}

/* ho_tally(steps) -> ((code, count), ...): the steps of human_ho_run's step bytes per
 * code, codes in order of first use; what a rating reads, without decoding each step. */
static PyObject *core_ho_tally(PyObject *self, PyObject *arg)
{
    (void)self;
    Py_buffer sv;
    if (PyObject_GetBuffer(arg, &sv, PyBUF_SIMPLE) < 0) return NULL;
    int counts[H9_HO_CODES], used = -1;
    uint8_t order[H9_HO_CODES];
    if (sv.len <= INT_MAX) used = human9_ho_tally((const uint8_t *)sv.buf, (int)sv.len, counts, order);
    PyBuffer_Release(&sv);
    if (used < 0) {
        PyErr_SetString(PyExc_ValueError, "not human_ho_run step bytes (an unknown code or a record cut short)");
        return NULL;
    }
    PyObject *out = PyTuple_New(used);
    if (!out) return NULL;
    for (int k = 0; k < used; k++) {
        PyObject *pair = Py_BuildValue("(ii)", order[k], counts[order[k]]);
        if (!pair) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, k, pair);
    }
    return out;
}

/* human_se_run(values, cands, enabled, max_steps) -> (status, steps, values, cands, where):
 * the front of SE's technique order, see human9.h and _core.pyi. */
static PyObject *core_human_se_run(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer vv, cv;
    unsigned int enabled;
    int max_steps;
    if (!PyArg_ParseTuple(args, "y*y*Ii:human_se_run", &vv, &cv, &enabled, &max_steps)) return NULL;
    uint8_t values[81], steps[H9_STEP_BYTES], where[9 * 11];
    uint16_t cands[81];
    int ok = vv.len == 81 && cv.len == 2 * 81;
    if (ok) {
        memcpy(values, vv.buf, 81);
        memcpy(cands, cv.buf, sizeof cands);
    }
    PyBuffer_Release(&cv);
    PyBuffer_Release(&vv);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "need 81 value bytes and 81 native uint16 candidate masks");
        return NULL;
    }
    int n = 0, status = human9_se_run(values, cands, enabled, max_steps < 0 ? 0 : max_steps, steps, &n);
    human_where(cands, where);
    return Py_BuildValue("(iy#y#y#y#)", status, (const char *)steps, (Py_ssize_t)n, (const char *)values,
                         (Py_ssize_t)81, (const char *)cands, (Py_ssize_t)sizeof cands, (const char *)where,
                         (Py_ssize_t)sizeof where);
}

/* Copy 81 native uint16 candidate masks out of ``cv`` and release it; 0 with ValueError
 * set when the buffer has another length (the SE searches take exactly this). */
static int take_cands(Py_buffer *cv, uint16_t cands[81])
{
    int ok = cv->len == 2 * 81;
    if (ok) memcpy(cands, cv->buf, 2 * 81);
    PyBuffer_Release(cv);
    if (!ok) PyErr_SetString(PyExc_ValueError, "need 81 native uint16 candidate masks");
    return ok;
}

/* se_loops(cands, y_chain, x_chain) -> (chains, spent): SE's cycle and forcing X/Y-chain
 * search, see sechain9.h and _core.pyi. */
static PyObject *core_se_loops(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int y_chain, x_chain;
    if (!PyArg_ParseTuple(args, "y*pp:se_loops", &cv, &y_chain, &x_chain)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    sc_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = sechain9_loops(cands, y_chain, x_chain, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status != SC_OK) {
        sechain9_out_free(&out);
        if (status == SC_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, status == SC_BAD_INPUT ? "candidate masks must be 0..0x1FF and x_chain or y_chain set"
                                                                 : "internal error in the chain search");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    sechain9_out_free(&out);
    return result;
}

/* se_loop_hints(cands, max_hints) -> (hints, spent): SE's Forcing Chains & Cycles hints,
 * rated, sorted and de-duplicated, see seloops9.h and _core.pyi. */
static PyObject *core_se_loop_hints(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int max_hints;
    if (!PyArg_ParseTuple(args, "y*i:se_loop_hints", &cv, &max_hints)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    sc_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = seloops9_hints(cands, max_hints, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status != SC_OK) {
        sechain9_out_free(&out);
        if (status == SC_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, status == SC_BAD_INPUT ? "candidate masks must be 0..0x1FF and max_hints >= 0"
                                                                 : "internal error in the chain search");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    sechain9_out_free(&out);
    return result;
}

/* se_aligned(cands, degree, max_hints) -> (hints, spent): SE's Aligned Pair/Triplet
 * Exclusion, see aligned9.h and _core.pyi. */
static PyObject *core_se_aligned(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int degree, max_hints;
    if (!PyArg_ParseTuple(args, "y*ii:se_aligned", &cv, &degree, &max_hints)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    al_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = aligned9_exclusion(cands, degree, max_hints, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status != AL_OK) {
        aligned9_out_free(&out);
        if (status == AL_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, degree 2 or 3, max_hints >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    aligned9_out_free(&out);
    return result;
}

/* ho_fish(cands, size, finned, mutant, max_hits) -> (fish, spent): HoDoKu's Franken and
 * Mutant fish search, see hofish9.h and _core.pyi. */
static PyObject *core_ho_fish(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int size, finned, mutant, max_hits;
    if (!PyArg_ParseTuple(args, "y*ippi:ho_fish", &cv, &size, &finned, &mutant, &max_hits)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    hf_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hofish9_search(cands, size, finned, mutant, max_hits, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status != HF_OK) {
        hofish9_out_free(&out);
        if (status == HF_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, size 2..4, max_hits >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    hofish9_out_free(&out);
    return result;
}

/* ho_basic_fish(cands, size, mode, max_hits) -> (fish, spent): basic, finned and sashimi
 * fish on rows and columns, see hofish9.h and _core.pyi. */
static PyObject *core_ho_basic_fish(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int size, mode, max_hits;
    if (!PyArg_ParseTuple(args, "y*iii:ho_basic_fish", &cv, &size, &mode, &max_hits)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    hf_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hofish9_basic(cands, size, mode, max_hits, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status != HF_OK) {
        hofish9_out_free(&out);
        if (status == HF_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, size 2..4, mode 0..2, max_hits >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    hofish9_out_free(&out);
    return result;
}

/* ho_xy(cands, remote, budget) -> (chains, spent): the XY-Chain / Remote Pair search of
 * sudokit.human.chains, see hoxy9.h and _core.pyi (chains None: past the budget). */
static PyObject *core_ho_xy(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int remote;
    long budget;
    if (!PyArg_ParseTuple(args, "y*pl:ho_xy", &cv, &remote, &budget)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    hx_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hoxy9_search(cands, remote, budget, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status == HX_BUDGET) {
        hoxy9_out_free(&out);
        return Py_BuildValue("(Ol)", Py_None, spent);
    }
    if (status != HX_OK) {
        hoxy9_out_free(&out);
        if (status == HX_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF and the budget >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    hoxy9_out_free(&out);
    return result;
}

/* ho_single(cands, kind, budget) -> (records, spent): the single-digit pattern and
 * X-Chain searches of sudokit.human.single_digit / chains, see hosingle9.h and _core.pyi
 * (records None: past the budget). */
static PyObject *core_ho_single(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int kind;
    long budget;
    if (!PyArg_ParseTuple(args, "y*il:ho_single", &cv, &kind, &budget)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    hd_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hosingle9_search(cands, kind, budget, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status == HD_BUDGET) {
        hosingle9_out_free(&out);
        return Py_BuildValue("(Ol)", Py_None, spent);
    }
    if (status != HD_OK) {
        hosingle9_out_free(&out);
        if (status == HD_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, the kind 0..4 and the budget >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    hosingle9_out_free(&out);
    return result;
}

/* ho_als(cands) -> (alses, rcs): HoDoKu's ALS and restricted commons for sudokit.human.als,
 * see hoals9.h and _core.pyi. */
static PyObject *core_ho_als(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    if (!PyArg_ParseTuple(args, "y*:ho_als", &cv)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    ha_out alses = {NULL, 0, 0}, rcs = {NULL, 0, 0};
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hoals9_search(cands, &alses, &rcs);
    Py_END_ALLOW_THREADS
    PyObject *result = NULL;
    if (status == HA_NO_MEMORY) PyErr_NoMemory();
    else if (status != HA_OK) PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF");
    else
        result = Py_BuildValue("(y#y#)", alses.data ? (const char *)alses.data : "", (Py_ssize_t)alses.len,
                               rcs.data ? (const char *)rcs.data : "", (Py_ssize_t)rcs.len);
    hoals9_out_free(&alses);
    hoals9_out_free(&rcs);
    return result;
}

/* ho_als_steps(cands, kind, limit) -> records: HoDoKu's ALS-XZ (kind 0) or ALS-XY-Wing
 * (kind 1) steps for sudokit.human.als, see hoals9.h and _core.pyi. */
static PyObject *core_ho_als_steps(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int kind;
    long limit;
    if (!PyArg_ParseTuple(args, "y*il:ho_als_steps", &cv, &kind, &limit)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    ha_out out = {NULL, 0, 0};
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hoals9_steps(cands, kind, limit, &out);
    Py_END_ALLOW_THREADS
    PyObject *result = NULL;
    if (status == HA_NO_MEMORY) PyErr_NoMemory();
    else if (status != HA_OK) PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, kind 0 or 1 and limit >= 0");
    else result = PyBytes_FromStringAndSize(out.data ? (const char *)out.data : "", (Py_ssize_t)out.len);
    hoals9_out_free(&out);
    return result;
}

/* ho_als_chain(cands, max_nodes) -> (chains, nodes): HoDoKu's ALS-Chain search for
 * sudokit.human.als, see hoalschain9.h and _core.pyi. */
static PyObject *core_ho_als_chain(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    long max_nodes;
    if (!PyArg_ParseTuple(args, "y*l:ho_als_chain", &cv, &max_nodes)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    ha_out out = {NULL, 0, 0};
    long nodes = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hoalschain9_search(cands, max_nodes, &out, &nodes);
    Py_END_ALLOW_THREADS
    PyObject *result = NULL;
    if (status == HA_NO_MEMORY) PyErr_NoMemory();
    else if (status != HA_OK) PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF and max_nodes >= 0");
    else result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, nodes);
    hoals9_out_free(&out);
    return result;
}

/* ho_als_first(cands, kinds, max_nodes) -> (at, records, alses, rcs, nodes): the first of
 * the ALS searches kinds (0 ALS-XZ, 1 ALS-XY-Wing: the first step; 2 ALS-Chain) that finds
 * something, over one build of the ALS, see hoalschain9.h and _core.pyi. */
static PyObject *core_ho_als_first(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    const char *kinds;
    Py_ssize_t nkinds;
    long max_nodes;
    if (!PyArg_ParseTuple(args, "y*y#l:ho_als_first", &cv, &kinds, &nkinds, &max_nodes)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    if (nkinds > 64) {
        PyErr_SetString(PyExc_ValueError, "at most 64 kinds");
        return NULL;
    }
    uint8_t kv[64];
    memcpy(kv, kinds, (size_t)nkinds);
    ha_out out = {NULL, 0, 0}, alses = {NULL, 0, 0}, rcs = {NULL, 0, 0};
    long nodes = 0;
    int at = 0, status;
    Py_BEGIN_ALLOW_THREADS
    status = hoalschain9_first(cands, kv, (int)nkinds, max_nodes, &out, &alses, &rcs, &at, &nodes);
    Py_END_ALLOW_THREADS
    PyObject *result = NULL;
    if (status == HA_NO_MEMORY) PyErr_NoMemory();
    else if (status != HA_OK)
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, the kinds 0..2 and max_nodes >= 0");
    else
        result = Py_BuildValue("(iy#y#y#l)", at, out.data ? (const char *)out.data : "", (Py_ssize_t)out.len,
                               alses.data ? (const char *)alses.data : "", (Py_ssize_t)alses.len,
                               rcs.data ? (const char *)rcs.data : "", (Py_ssize_t)rcs.len, nodes);
    hoals9_out_free(&out), hoals9_out_free(&alses), hoals9_out_free(&rcs);
    return result;
}

/* ho_colors(cands) -> (clusters, records): HoDoKu's Simple Colors and Multi-Colors for
 * sudokit.human.coloring, see hocolor9.h and _core.pyi. */
static PyObject *core_ho_colors(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    if (!PyArg_ParseTuple(args, "y*:ho_colors", &cv)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    hc_out clusters = {NULL, 0, 0}, records = {NULL, 0, 0};
    int status = hocolor9_search(cands, &clusters, &records);
    PyObject *result = NULL;
    if (status == HC_NO_MEMORY) PyErr_NoMemory();
    else if (status != HC_OK) PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF");
    else
        result = Py_BuildValue("(y#y#)", clusters.data ? (const char *)clusters.data : "", (Py_ssize_t)clusters.len,
                               records.data ? (const char *)records.data : "", (Py_ssize_t)records.len);
    hocolor9_out_free(&clusters);
    hocolor9_out_free(&records);
    return result;
}

/* subsets(cands, values) -> records: the naked and hidden subsets of sudokit.human.subsets,
 * see subset9.h and _core.pyi. */
static PyObject *core_subsets(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv, vv;
    if (!PyArg_ParseTuple(args, "y*y*:subsets", &cv, &vv)) return NULL;
    uint8_t values[81];
    int ok = vv.len == 81;
    if (ok) memcpy(values, vv.buf, 81);
    PyBuffer_Release(&vv);
    if (!ok) {
        PyBuffer_Release(&cv);
        PyErr_SetString(PyExc_ValueError, "need 81 values");
        return NULL;
    }
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    sb_out out = {NULL, 0, 0};
    int status = subset9_search(cands, values, &out);
    PyObject *result = NULL;
    if (status == SB_NO_MEMORY) PyErr_NoMemory();
    else if (status != SB_OK) PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF and values 0..9");
    else result = PyBytes_FromStringAndSize(out.data ? (const char *)out.data : "", (Py_ssize_t)out.len);
    subset9_out_free(&out);
    return result;
}

/* ho_wings(cands) -> records: HoDoKu's XY-Wing, XYZ-Wing and W-Wing for sudokit.human.wings,
 * see howing9.h and _core.pyi. */
static PyObject *core_ho_wings(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    if (!PyArg_ParseTuple(args, "y*:ho_wings", &cv)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    hw_out out = {NULL, 0, 0};
    int status = howing9_search(cands, &out);
    PyObject *result = NULL;
    if (status == HW_NO_MEMORY) PyErr_NoMemory();
    else if (status != HW_OK) PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF");
    else result = PyBytes_FromStringAndSize(out.data ? (const char *)out.data : "", (Py_ssize_t)out.len);
    howing9_out_free(&out);
    return result;
}

/* ho_probe(cands, values, givens, kinds, start, budget) -> (index, records): the HoDoKu
 * path's leading searches in one call, see hoprobe9.h and _core.pyi. */
static PyObject *core_ho_probe(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv, vv, gv, kv;
    Py_ssize_t start;
    long budget;
    if (!PyArg_ParseTuple(args, "y*y*y*y*nl:ho_probe", &cv, &vv, &gv, &kv, &start, &budget)) return NULL;
    uint8_t values[81], givens[81], kinds[256];
    size_t n = (size_t)kv.len;
    int ok = vv.len == 81 && gv.len == 81 && kv.len <= 256 && start >= 0;
    if (ok) {
        memcpy(values, vv.buf, 81), memcpy(givens, gv.buf, 81);
        if (n) memcpy(kinds, kv.buf, n);
    }
    PyBuffer_Release(&kv);
    PyBuffer_Release(&gv);
    PyBuffer_Release(&vv);
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "need 81 values, 81 given flags, at most 256 kinds and start >= 0");
        return NULL;
    }
    hp_out out = {NULL, 0, 0};
    size_t found = n;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hoprobe9_run(cands, values, givens, kinds, n, (size_t)start, budget, &out, &found);
    Py_END_ALLOW_THREADS
    if (status != HP_OK) {
        hoprobe9_out_free(&out);
        if (status == HP_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, values 0..9, given flags 0..1, kinds 0..26, "
                                          "start 0..len(kinds), budget >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(ny#)", (Py_ssize_t)found, out.data ? (const char *)out.data : "", (Py_ssize_t)out.len);
    hoprobe9_out_free(&out);
    return result;
}

/* ho_rects(cands, values, givens, kinds, max_per_kind) -> records: HoDoKu's Unique, Hidden
 * and Avoidable Rectangles for sudokit.human.uniqueness, see horect9.h and _core.pyi. */
static PyObject *core_ho_rects(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv, vv, gv;
    int kinds, max_per_kind;
    if (!PyArg_ParseTuple(args, "y*y*y*ii:ho_rects", &cv, &vv, &gv, &kinds, &max_per_kind)) return NULL;
    uint8_t values[81], givens[81];
    int ok = vv.len == 81 && gv.len == 81;
    if (ok) memcpy(values, vv.buf, 81), memcpy(givens, gv.buf, 81);
    PyBuffer_Release(&vv);
    PyBuffer_Release(&gv);
    if (!ok) {
        PyBuffer_Release(&cv);
        PyErr_SetString(PyExc_ValueError, "need 81 values and 81 given flags");
        return NULL;
    }
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    hr_out out = {NULL, 0, 0};
    int status = kinds < 0 ? HR_BAD_INPUT : horect9_search(cands, values, givens, (unsigned)kinds, max_per_kind, &out);
    PyObject *result = NULL;
    if (status == HR_NO_MEMORY) PyErr_NoMemory();
    else if (status != HR_OK)
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, values 0..9, given flags 0/1, kinds 0..0x3FF and max_per_kind >= 0");
    else result = PyBytes_FromStringAndSize(out.data ? (const char *)out.data : "", (Py_ssize_t)out.len);
    horect9_out_free(&out);
    return result;
}

/* ho_sdc(cands, max_hits) -> (records, spent): HoDoKu's Sue de Coq search of
 * sudokit.human.sue_de_coq, see hosdc9.h and _core.pyi. */
static PyObject *core_ho_sdc(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int max_hits;
    if (!PyArg_ParseTuple(args, "y*i:ho_sdc", &cv, &max_hits)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    hs_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hosdc9_search(cands, max_hits, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status != HS_OK) {
        hosdc9_out_free(&out);
        if (status == HS_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF and max_hits >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    hosdc9_out_free(&out);
    return result;
}

/* ho_nice_loops(cands, grouped, budget) -> (loops, spent): HoDoKu's tabling Nice Loop / AIC
 * search of sudokit.human.tabling, see hotable9.h and _core.pyi (loops None: past the budget). */
static PyObject *core_ho_nice_loops(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv;
    int grouped;
    long budget;
    if (!PyArg_ParseTuple(args, "y*pl:ho_nice_loops", &cv, &grouped, &budget)) return NULL;
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    ht_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hotable9_nice_loops(cands, grouped, budget, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status == HT_BUDGET) {
        hotable9_out_free(&out);
        return Py_BuildValue("(Ol)", Py_None, spent);
    }
    if (status != HT_OK) {
        hotable9_out_free(&out);
        if (status == HT_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF and the budget >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    hotable9_out_free(&out);
    return result;
}

/* ho_forcing(cands, values, nets, budget) -> (step, spent): HoDoKu's first Forcing Chain
 * (Net) step for sudokit.human.forcing, see hoforce9.h and _core.pyi (step None: past the
 * budget). */
static PyObject *core_ho_forcing(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv, vv;
    int nets;
    long budget;
    if (!PyArg_ParseTuple(args, "y*y*pl:ho_forcing", &cv, &vv, &nets, &budget)) return NULL;
    uint8_t values[81];
    int ok = vv.len == 81;
    if (ok) memcpy(values, vv.buf, 81);
    PyBuffer_Release(&vv);
    if (!ok) {
        PyBuffer_Release(&cv);
        PyErr_SetString(PyExc_ValueError, "need 81 values");
        return NULL;
    }
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    ht_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = hoforce9_find(cands, values, nets, budget, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status == HT_BUDGET) {
        hotable9_out_free(&out);
        return Py_BuildValue("(Ol)", Py_None, spent);
    }
    if (status != HT_OK) {
        hotable9_out_free(&out);
        if (status == HT_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, values 0..9 and the budget >= 0");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    hotable9_out_free(&out);
    return result;
}

/* se_unique(cands, values, limit) -> (hints, spent): SE's Unique Rectangles and Loops,
 * easiest first, see seunique9.h and _core.pyi (hints None: past the limit). */
static PyObject *core_se_unique(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv, vv;
    long limit;
    if (!PyArg_ParseTuple(args, "y*y*l:se_unique", &cv, &vv, &limit)) return NULL;
    uint8_t values[81];
    int ok = vv.len == 81;
    if (ok) memcpy(values, vv.buf, 81);
    PyBuffer_Release(&vv);
    if (!ok) {
        PyBuffer_Release(&cv);
        PyErr_SetString(PyExc_ValueError, "need 81 values");
        return NULL;
    }
    uint16_t cands[81];
    if (!take_cands(&cv, cands)) return NULL;
    su_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = seunique9_loops(cands, values, limit, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status == SU_LIMIT) {
        seunique9_out_free(&out);
        return Py_BuildValue("(Ol)", Py_None, spent);
    }
    if (status != SU_OK) {
        seunique9_out_free(&out);
        if (status == SU_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, values 0..9 and the limit >= -1");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    seunique9_out_free(&out);
    return result;
}

/* se_dyn(cands, multiple, dynamic, nishio, level, counts, limit[, seconds]) -> (hints or None,
 * spent): SE's multiple, Nishio and dynamic forcing chains, nested levels included, see
 * sedyn9.h and _core.pyi (None: over the limit or out of time). */
static PyObject *core_se_dyn(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv, nv;
    int multiple, dynamic, nishio, level;
    long limit;
    double seconds = -1.0;
    if (!PyArg_ParseTuple(args, "y*pppiy*l|d:se_dyn", &cv, &multiple, &dynamic, &nishio, &level, &nv, &limit, &seconds))
        return NULL;
    uint16_t cands[81];
    uint8_t counts[10];
    int ok = cv.len == 2 * 81 && nv.len == 10;
    if (ok) {
        memcpy(cands, cv.buf, sizeof cands);
        memcpy(counts, nv.buf, sizeof counts);
    }
    PyBuffer_Release(&cv);
    PyBuffer_Release(&nv);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "need 81 native uint16 candidate masks and 10 digit counts");
        return NULL;
    }
    sd_out out = {NULL, 0, 0};
    long spent = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = sedyn9_hints_timed(cands, multiple, dynamic, nishio, level, counts, limit, seconds, &out, &spent);
    Py_END_ALLOW_THREADS
    if (status == SD_BUDGET) {
        sedyn9_out_free(&out);
        return Py_BuildValue("(Ol)", Py_None, spent);
    }
    if (status != SD_OK) {
        sedyn9_out_free(&out);
        if (status == SD_NO_MEMORY) return PyErr_NoMemory();
        if (status == SD_BAD_INPUT) {
            PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF, counts 0..9, multiple or dynamic set, "
                                              "nishio and a level only with dynamic, level 0..5");
            return NULL;
        }
        PyErr_SetString(PyExc_RuntimeError, "internal error: dynamic chaining lost a parent");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(y#l)", out.data ? (const char *)out.data : "", (Py_ssize_t)out.len, spent);
    sedyn9_out_free(&out);
    return result;
}

/* se_simple(cur, init, counts) -> (rule, hits): SE's simple rules inside nested chains,
 * see serules9.h and _core.pyi. */
static PyObject *core_se_simple(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer cv, iv, nv;
    if (!PyArg_ParseTuple(args, "y*y*y*:se_simple", &cv, &iv, &nv)) return NULL;
    uint16_t cur[81], init[81];
    uint8_t counts[10];
    int ok = cv.len == 2 * 81 && iv.len == 2 * 81 && nv.len == 10;
    if (ok) {
        memcpy(cur, cv.buf, sizeof cur);
        memcpy(init, iv.buf, sizeof init);
        memcpy(counts, nv.buf, sizeof counts);
    }
    PyBuffer_Release(&cv);
    PyBuffer_Release(&iv);
    PyBuffer_Release(&nv);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "need 81 + 81 native uint16 candidate masks and 10 digit counts");
        return NULL;
    }
    sd_out out = {NULL, 0, 0};
    int rule = -1, status = serules9_advanced(cur, init, counts, &out, &rule);
    if (status != SD_OK) {
        sedyn9_out_free(&out);
        if (status == SD_NO_MEMORY) return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "candidate masks must be 0..0x1FF and digit counts 0..9");
        return NULL;
    }
    PyObject *result = Py_BuildValue("(iy#)", rule, out.data ? (const char *)out.data : "", (Py_ssize_t)out.len);
    sedyn9_out_free(&out);
    return result;
}

/* fill(words) -> (words_read, grid): a random full grid from the caller's random words;
 * dig(puzzle, cells, sizes, words, stop_at) -> (words_read, puzzle): see dig9.h and
 * _core.pyi.  words_read is DIG9_NEED_WORDS (-1) when the words ran out (then b''). */
static PyObject *dig_result(int used, const uint8_t *out)
{
    if (used == DIG9_BAD_INPUT) {
        PyErr_SetString(PyExc_ValueError, "need an 81-byte puzzle and at most 81 orbits of cells 0..80 "
                                          "(sum(sizes) == len(cells)), sizes >= 1 and stop_at 0..81");
        return NULL;
    }
    if (used == DIG9_FAILED) {
        PyErr_SetString(PyExc_RuntimeError, "internal error: the random fill did not converge");
        return NULL;
    }
    return Py_BuildValue("(iy#)", used, (const char *)out, (Py_ssize_t)(used >= 0 ? 81 : 0));
}

static PyObject *core_fill(PyObject *self, PyObject *arg)
{
    (void)self;
    Py_buffer wv;
    if (PyObject_GetBuffer(arg, &wv, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (wv.len % 4) {
        PyBuffer_Release(&wv);
        PyErr_SetString(PyExc_ValueError, "words must hold 4*n bytes (little-endian 32-bit words)");
        return NULL;
    }
    uint8_t grid[81];
    int used;
    Py_BEGIN_ALLOW_THREADS
    used = dig9_fill(wv.buf, (size_t)wv.len / 4, grid);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&wv);
    return dig_result(used, grid);
}

static PyObject *core_dig(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer pv, cv, sv, wv = {0};
    PyObject *words;
    int stop_at;
    if (!PyArg_ParseTuple(args, "y*y*y*Oi:dig", &pv, &cv, &sv, &words, &stop_at)) return NULL;
    if (words != Py_None && PyObject_GetBuffer(words, &wv, PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&sv);
        PyBuffer_Release(&cv);
        PyBuffer_Release(&pv);
        return NULL;
    }
    uint8_t puzzle[81], cells[81], sizes[81];
    size_t total = 0;
    int ok = pv.len == 81 && cv.len <= 81 && sv.len <= 81 && wv.len % 4 == 0;
    if (ok) {
        memcpy(puzzle, pv.buf, 81);
        memcpy(cells, cv.buf, (size_t)cv.len);
        memcpy(sizes, sv.buf, (size_t)sv.len);
        for (Py_ssize_t k = 0; k < sv.len; k++) total += sizes[k];
        ok = total == (size_t)cv.len && valid_puzzle(puzzle);
    }
    int used = DIG9_BAD_INPUT;
    if (ok) {
        const uint8_t *w = words == Py_None ? NULL : wv.buf;
        Py_BEGIN_ALLOW_THREADS
        used = dig9_dig(puzzle, cells, sizes, (size_t)sv.len, w, (size_t)wv.len / 4, stop_at);
        Py_END_ALLOW_THREADS
    }
    if (words != Py_None) PyBuffer_Release(&wv);
    PyBuffer_Release(&sv);
    PyBuffer_Release(&cv);
    PyBuffer_Release(&pv);
    return dig_result(used, puzzle);
}

/* ===================================================================== variant engine
 * (issue 13: engine.h/engine.c; twin src/sudokit/_pyengine.py; contract in _core.pyi)
 * engine_solve(program, limit, node_budget) -> (status, count, solution, nodes)
 */
static PyObject *core_engine_solve(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    /* vectorcall, no argument tuple or format string, and a small program's copy and the
     * solution on the stack: a 4x4's solve is a few microseconds, its fixed costs count */
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "engine_solve(program, limit, node_budget) takes exactly 3 arguments");
        return NULL;
    }
    Py_buffer pv;
    uint32_t limit;
    if (PyObject_GetBuffer(args[0], &pv, PyBUF_SIMPLE) < 0) return NULL;
    if (!PyLong_Check(args[2])) {
        PyBuffer_Release(&pv);
        PyErr_Format(PyExc_TypeError, "engine_solve() argument 3 must be int, not %.50s", Py_TYPE(args[2])->tp_name);
        return NULL;
    }
    unsigned long long budget = PyLong_AsUnsignedLongLongMask(args[2]); /* as "K" did: modulo 2**64 */
    if ((budget == (unsigned long long)-1 && PyErr_Occurred()) || parse_limit(args[1], &limit) < 0) {
        PyBuffer_Release(&pv);
        return NULL;
    }
    /* a copy: a bytearray could change while the GIL is released */
    int32_t small[2048];
    size_t len = (size_t)pv.len / 4;
    int32_t *prog = NULL;
    if (pv.len % 4 == 0 && len >= 5) prog = (size_t)pv.len <= sizeof small ? small : malloc((size_t)pv.len);
    if (prog) memcpy(prog, pv.buf, (size_t)pv.len);
    PyBuffer_Release(&pv);
    int n_cells = prog ? eng_program_cells(prog, len) : -1;
    if (n_cells < 0) {
        if (prog != small) free(prog);
        PyErr_SetString(PyExc_ValueError, "malformed engine program");
        return NULL;
    }
    uint8_t solution[ENG_MAX_CELLS];
    uint32_t count = 0;
    uint64_t nodes = 0;
    poll_state ps = {PyEval_SaveThread(), 0};
    int status = eng_solve(prog, len, limit, (uint64_t)budget, &count, solution, &nodes, poll_signals, &ps);
    PyEval_RestoreThread(ps.saved);
    if (prog != small) free(prog);
    if (ps.raised || status == ENG_STOPPED) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyboardInterrupt, "");
        return NULL;
    }
    if (status == ENG_BAD_PROGRAM) {
        PyErr_SetString(PyExc_ValueError, "malformed engine program");
        return NULL;
    }
    if (status == ENG_NO_MEMORY) return PyErr_NoMemory();
    PyObject *items[4] = {PyLong_FromLong(status), PyLong_FromUnsignedLong(count),
                          PyBytes_FromStringAndSize((const char *)solution, count ? n_cells : 0),
                          PyLong_FromUnsignedLongLong(nodes)};
    /* every item made before the tuple takes any: on a failure each is released once */
    PyObject *result = items[0] && items[1] && items[2] && items[3] ? PyTuple_New(4) : NULL;
    if (!result) {
        for (int j = 0; j < 4; j++) Py_XDECREF(items[j]);
        return NULL;
    }
    for (int k = 0; k < 4; k++) PyTuple_SET_ITEM(result, k, items[k]);
    return result;
}
/* ================================================================= end variant engine */

static PyMethodDef core_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))core_solve, METH_FASTCALL,
     "solve(puzzle: bytes | str, limit: int) -> (count, first_solution, guesses)\n\n"
     "Solve one 81-byte puzzle; count is capped at limit. See _core.pyi."},
    {"solve_batch", core_solve_batch, METH_VARARGS,
     "solve_batch(puzzles, solutions, counts, limit, unique_only=False) -> total_guesses\n\n"
     "Solve len(puzzles)//81 puzzles into the caller's buffers with the GIL released."},
    {"dispatch", core_dispatch, METH_NOARGS, "dispatch() -> (path, reason): the solver's code path and why."},
    {"canonical", core_canonical, METH_O,
     "canonical(puzzle: bytes) -> (status, form, transform)\n\n"
     "Minimal-lexicographic form of an 81-byte puzzle and a transformation reaching it. See _core.pyi."},
    {"canonical_batch", core_canonical_batch, METH_VARARGS,
     "canonical_batch(puzzles, forms, statuses) -> None\n\n"
     "Canonical forms of len(puzzles)//81 puzzles into the caller's buffers with the GIL released."},
    {"human_se_run", core_human_se_run, METH_VARARGS,
     "human_se_run(values, cands, enabled, max_steps) -> (status, steps, values, cands, where)\n\n"
     "The singles and SE's direct techniques at the front of the SE rating order. See _core.pyi."},
    {"se_loops", core_se_loops, METH_VARARGS,
     "se_loops(cands, y_chain, x_chain) -> (chains, spent)\n\nSE's cycles and forcing X/Y-chains (sechain9.h)."},
    {"se_loop_hints", core_se_loop_hints, METH_VARARGS,
     "se_loop_hints(cands, max_hints) -> (hints, spent)\n\nSE's Forcing Chains & Cycles hints, sorted (seloops9.h)."},
    {"se_dyn", core_se_dyn, METH_VARARGS,
     "se_dyn(cands, multiple, dynamic, nishio, level, counts, limit) -> (hints, spent)\n\nSE's multiple/Nishio/dynamic forcing chains (sedyn9.h)."},
    {"se_aligned", core_se_aligned, METH_VARARGS,
     "se_aligned(cands, degree, max_hints) -> (hints, spent)\n\nSE's Aligned Pair/Triplet Exclusion (aligned9.h)."},
    {"ho_fish", core_ho_fish, METH_VARARGS,
     "ho_fish(cands, size, finned, mutant, max_hits) -> (fish, spent)\n\nHoDoKu's Franken/Mutant fish search (hofish9.h)."},
    {"ho_basic_fish", core_ho_basic_fish, METH_VARARGS,
     "ho_basic_fish(cands, size, mode, max_hits) -> (fish, spent)\n\nBasic, finned and sashimi fish on rows and columns (hofish9.h)."},
    {"ho_xy", core_ho_xy, METH_VARARGS,
     "ho_xy(cands, remote, budget) -> (chains, spent)\n\nXY-Chain / Remote Pair search (hoxy9.h)."},
    {"ho_single", core_ho_single, METH_VARARGS,
     "ho_single(cands, kind, budget) -> (records, spent)\n\nSingle-digit patterns and HoDoKu's X-Chain search (hosingle9.h)."},
    {"ho_nice_loops", core_ho_nice_loops, METH_VARARGS,
     "ho_nice_loops(cands, grouped, budget) -> (loops, spent)\n\nHoDoKu's Nice Loop / AIC tabling search (hotable9.h)."},
    {"ho_forcing", core_ho_forcing, METH_VARARGS,
     "ho_forcing(cands, values, nets, budget) -> (step, spent)\n\nHoDoKu's first Forcing Chain / Net step (hoforce9.h)."},
    {"ho_sdc", core_ho_sdc, METH_VARARGS,
     "ho_sdc(cands, max_hits) -> (records, spent)\n\nHoDoKu's Sue de Coq search (hosdc9.h)."},
    {"ho_als", core_ho_als, METH_VARARGS,
     "ho_als(cands) -> (alses, rcs)\n\nHoDoKu's almost locked sets and restricted commons (hoals9.h)."},
    {"ho_als_steps", core_ho_als_steps, METH_VARARGS,
     "ho_als_steps(cands, kind, limit) -> records\n\nHoDoKu's ALS-XZ (kind 0) or ALS-XY-Wing (kind 1) steps (hoals9.h)."},
    {"ho_als_chain", core_ho_als_chain, METH_VARARGS,
     "ho_als_chain(cands, max_nodes) -> (chains, nodes)\n\nHoDoKu's ALS-Chain search (hoalschain9.h)."},
    {"ho_als_first", core_ho_als_first, METH_VARARGS,
     "ho_als_first(cands, kinds, max_nodes) -> (at, records, alses, rcs, nodes)\n\n"
     "The first ALS search of kinds that finds something, over one build (hoalschain9.h)."},
    {"ho_colors", core_ho_colors, METH_VARARGS,
     "ho_colors(cands) -> (clusters, records)\n\nHoDoKu's Simple Colors and Multi-Colors (hocolor9.h)."},
    {"subsets", core_subsets, METH_VARARGS,
     "subsets(cands, values) -> records\n\nThe naked and hidden subsets (subset9.h)."},
    {"ho_probe", core_ho_probe, METH_VARARGS,
     "ho_probe(cands, values, givens, kinds, start, budget) -> (index, records)\n\nThe first of the HoDoKu path's leading searches that applies (hoprobe9.h)."},
    {"ho_wings", core_ho_wings, METH_VARARGS,
     "ho_wings(cands) -> records\n\nHoDoKu's XY-Wing, XYZ-Wing and W-Wing (howing9.h)."},
    {"ho_rects", core_ho_rects, METH_VARARGS,
     "ho_rects(cands, values, givens, kinds, max_per_kind) -> records\n\nHoDoKu's Unique, Hidden and Avoidable Rectangles (horect9.h)."},
    {"se_unique", core_se_unique, METH_VARARGS,
     "se_unique(cands, values, limit) -> (hints, spent)\n\nSE's Unique Rectangles and Loops, easiest first (seunique9.h)."},
    {"se_simple", core_se_simple, METH_VARARGS,
     "se_simple(cur, init, counts) -> (rule, hits)\n\nSE's simple rules inside nested forcing chains (serules9.h)."},
    {"human_ho_run", core_human_ho_run, METH_VARARGS,
     "human_ho_run(values, cands, ns, hs, enabled, max_steps, pre=b'') -> (status, steps, values, cands, ns, hs, free, where)\n\n"
     "HoDoKu's singles queues, intersections and subsets for the HoDoKu rating path. See _core.pyi."},
    {"ho_tally", core_ho_tally, METH_O,
     "ho_tally(steps) -> ((code, count), ...)\n\n"
     "How many of human_ho_run's steps have each code, codes in order of first use. See _core.pyi."},
    {"human_replay", core_human_replay, METH_O,
     "human_replay(puzzle) -> (cands, free, ns, hs, where)\n\n"
     "HoDoKu's clue replay with its singles queues, for the HoDoKu rating path. See _core.pyi."},
    {"fill", core_fill, METH_O,
     "fill(words) -> (words_read, grid)\n\n"
     "A random full grid, every choice read from the caller's random words (GIL released). See _core.pyi."},
    {"dig", core_dig, METH_VARARGS,
     "dig(puzzle, cells, sizes, words, stop_at) -> (words_read, puzzle)\n\n"
     "Remove orbits of givens (shuffled by words) while the puzzle stays unique (GIL released). See _core.pyi."},
    /* variant engine (issue 13) */
    {"engine_solve", (PyCFunction)(void (*)(void))core_engine_solve, METH_FASTCALL,
     "engine_solve(program, limit, node_budget) -> (status, count, solution, nodes)\n\n"
     "Count solutions of a compiled variant program (GIL released). See _core.pyi."},
    {"features", core_features, METH_NOARGS, "features() -> list of the CPU features used at run time."},
    {NULL, NULL, 0, NULL},
};

static int core_exec(PyObject *module)
{
    choose_path(get_state(module));
    return PyModule_AddObject(module, "BAD_INPUT", PyLong_FromUnsignedLong(S9_BAD_INPUT));
}

static PyModuleDef_Slot core_slots[] = {
    {Py_mod_exec, (void *)core_exec},
#ifdef Py_mod_multiple_interpreters
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
#ifdef Py_mod_gil
    {Py_mod_gil, Py_MOD_GIL_NOT_USED},
#endif
    {0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "sudokit._core", "The native 9x9 Sudoku kernel of sudokit (see _core.pyi).",
    sizeof(core_state), core_methods, core_slots, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModuleDef_Init(&core_module); }
