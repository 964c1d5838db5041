/* The hot loop of Calla's solver: endgame tables by cubes on the board, and an exact
 * alpha-beta search (MTD(f) with a transposition table) above them.
 *
 * Built and driven by tools/solve_calla (native.py compiles it with the system's C
 * compiler and loads it with ctypes); the game never needs it.
 *
 * A position is seen from the player to move: x[0..4] their shields (x[0] farthest from
 * their calla), x[5..9] the opponent's shields in the opponent's order, and `a` the cubes in
 * the mover's calla.  The opponent's calla holds 32 - n - a, n being the cubes on the board.
 * Sowing runs round an 11-position cycle: 0..4 the mover's shields, 5 the mover's calla,
 * 6..10 the opponent's shields (their calla is skipped).  Shield k faces 10 - k.
 *
 * Every value is relative: the best final margin (mover's score minus opponent's) less the
 * present calla margin (a - b), so it lies in [-n, n].  A table holds one signed byte per
 * (board, a): index rank(board) * count(n) + a - amin(n), where a runs over amin(n)..amax(n),
 * the callas both being at most 16 (17 ends the game).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define UNKNOWN (-128)
#define WIN_CUBES 17
#define TOTAL 32

static uint64_t BINOM[64][11];
static int8_t *LAYER[TOTAL + 1];
static int TOP = -1;          /* the highest layer held */
static int SWEEP = 0;         /* 0: cubes left count for nobody; 1: for their owner */

int amin(int n) { return n <= 16 ? 16 - n : 0; }
int acount(int n) { return n <= 16 ? n + 1 : 33 - n; }

uint64_t boards(int n) { return BINOM[n + 9][9]; }

void init(int sweep) {
    memset(BINOM, 0, sizeof BINOM);
    for (int m = 0; m < 64; m++) {
        BINOM[m][0] = 1;
        for (int k = 1; k <= 10 && k <= m; k++)
            BINOM[m][k] = BINOM[m - 1][k - 1] + (k <= m - 1 ? BINOM[m - 1][k] : 0);
    }
    SWEEP = sweep;
    for (int n = 0; n <= TOTAL; n++) LAYER[n] = NULL;
    TOP = -1;
}

void set_layer(int n, int8_t *table) {
    LAYER[n] = table;
}

void set_top(int top) { TOP = top; }

/* colex rank of the bar positions p_k = x_0 + .. + x_k + k, k = 0..8 */
uint64_t rank10(const uint8_t *x) {
    uint64_t r = 0;
    int p = -1;
    for (int k = 0; k < 9; k++) {
        p += x[k] + 1;
        r += BINOM[p][k + 1];
    }
    return r;
}

static inline int sum5(const uint8_t *x) { return x[0] + x[1] + x[2] + x[3] + x[4]; }

/* Sow shield i of x into y (the mover's view still); returns 1 for a free turn (last cube
 * in the mover's calla); *gain = cubes that reached the mover's calla (captures too). */
static inline int sow(const uint8_t *x, int i, uint8_t *out, int *gain) {
    uint8_t y[11];
    memcpy(y, x, 5);
    y[5] = 0;
    memcpy(y + 6, x + 5, 5);
    int c = y[i];
    y[i] = 0;
    int q = c / 11, r = c % 11;
    if (q)
        for (int k = 0; k < 11; k++) y[k] += q;
    int pos = i;
    for (int k = 0; k < r; k++) {
        pos = pos == 10 ? 0 : pos + 1;
        y[pos]++;
    }
    int landing = (i + c) % 11;
    int g = y[5];
    int free_turn = landing == 5;
    if (landing < 5 && y[landing] == 1 && y[10 - landing]) {
        g += y[10 - landing] + 1;
        y[10 - landing] = 0;
        y[landing] = 0;
    }
    memcpy(out, y, 5);
    memcpy(out + 5, y + 6, 5);
    *gain = g;
    return free_turn;
}

static inline void flip(const uint8_t *y, uint8_t *z) {
    memcpy(z, y + 5, 5);
    memcpy(z + 5, y, 5);
}

/* The value of a position read from its table (its layer must be held). */
static inline int lookup(const uint8_t *x, int n, int a) {
    return LAYER[n][rank10(x) * (uint64_t)acount(n) + (a - amin(n))];
}

/* The final relative value when the mover has no cubes left in their shields. */
static inline int empty_value(int n) { return SWEEP ? -n : 0; }

/* ------------------------------------------------------------------ tables */

static void solve_board(const uint8_t *x, int n) {
    int8_t *T = LAYER[n];
    int count = acount(n), low = amin(n);
    uint64_t base = rank10(x) * (uint64_t)count;
    if (T[base] != UNKNOWN) return;
    if (!sum5(x)) {
        for (int k = 0; k < count; k++) T[base + k] = (int8_t)empty_value(n);
        return;
    }
    int best[17];
    for (int k = 0; k < count; k++) best[k] = -127;
    for (int i = 0; i < 5; i++) {
        if (!x[i]) continue;
        uint8_t y[10], z[10];
        int g;
        int free_turn = sow(x, i, y, &g);
        int n2 = n - g;
        int low2 = amin(n2);
        if (free_turn) {
            const int8_t *T2 = LAYER[n2];
            uint64_t b2 = rank10(y) * (uint64_t)acount(n2);
            for (int k = 0; k < count; k++) {
                int a2 = low + k + g;
                int v = a2 >= WIN_CUBES ? g : g + T2[b2 + a2 - low2];
                if (v > best[k]) best[k] = v;
            }
        } else {
            flip(y, z);
            if (!g) solve_board(z, n);      /* same layer: a move that only went forward */
            const int8_t *T2 = LAYER[n2];
            uint64_t b2 = rank10(z) * (uint64_t)acount(n2);
            for (int k = 0; k < count; k++) {
                int a = low + k;
                int v;
                if (a + g >= WIN_CUBES) v = g;
                else v = g - T2[b2 + (TOTAL - n - a) - low2];
                if (v > best[k]) best[k] = v;
            }
        }
    }
    for (int k = 0; k < count; k++) T[base + k] = (int8_t)best[k];
}

static uint64_t visited;

static void each_board(uint8_t *x, int k, int left, int n) {
    if (k == 9) {
        x[9] = (uint8_t)left;
        solve_board(x, n);
        visited++;
        return;
    }
    for (int c = 0; c <= left; c++) {
        x[k] = (uint8_t)c;
        each_board(x, k + 1, left - c, n);
    }
}

/* Fill layer n (its memory set to UNKNOWN; every lower layer held).  Returns the boards. */
uint64_t build_layer(int n) {
    uint8_t x[10];
    visited = 0;
    each_board(x, 0, n, n);
    return visited;
}

/* ------------------------------------------------------------------ search */

typedef struct {
    uint64_t key;
    uint8_t a;
    int8_t lo, hi;
    uint8_t move;
    uint32_t work;
} Entry;

static Entry *TT = NULL;
static uint64_t TT_MASK = 0;
static uint64_t NODES = 0;
static uint32_t HIST[5][64];

int tt_alloc(int log2size) {
    free(TT);
    uint64_t size = (uint64_t)1 << log2size;
    TT = calloc(size, sizeof(Entry));
    if (!TT) return 0;
    TT_MASK = size - 2;     /* buckets of two */
    return 1;
}

void tt_clear(void) {
    if (TT) memset(TT, 0, (TT_MASK + 2) * sizeof(Entry));
}

void tt_free(void) {
    free(TT);
    TT = NULL;
}

uint64_t nodes(void) { return NODES; }

static inline uint64_t pack(const uint8_t *x) {
    uint64_t k = 0;
    for (int i = 0; i < 10; i++) k |= (uint64_t)x[i] << (6 * i);
    return k + 1;           /* 0 marks an empty slot */
}

static inline Entry *probe(uint64_t key, int a) {
    uint64_t h = (key ^ ((uint64_t)a << 59)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    Entry *e = TT + (h & TT_MASK);
    if (e[0].key == key && e[0].a == a) return e;
    if (e[1].key == key && e[1].a == a) return e + 1;
    return NULL;
}

static inline void store(uint64_t key, int a, int lo, int hi, int move, uint64_t work) {
    uint64_t h = (key ^ ((uint64_t)a << 59)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    Entry *e = TT + (h & TT_MASK);
    Entry *slot;
    if (e[0].key == key && e[0].a == a) slot = e;
    else if (e[1].key == key && e[1].a == a) slot = e + 1;
    else slot = e[0].work <= e[1].work ? e : e + 1;
    slot->key = key;
    slot->a = (uint8_t)a;
    slot->lo = (int8_t)lo;
    slot->hi = (int8_t)hi;
    slot->move = (uint8_t)move;
    slot->work = work > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)work;
}

/* Fail-soft alpha-beta over relative values; exact to the end of the game.
 * Children whose value is known (a win, a position in the tables) are looked at first and
 * may end the node at once; so may a child's bound in the transposition table (enhanced
 * transposition cutoff).  The rest are searched free turns first (nearest the calla
 * first: they leave the other shields as they are), then by cubes gained, then by how
 * often the move (shield, cubes in it) has refuted a position before. */
static int search(const uint8_t *x, int n, int a, int alpha, int beta) {
    NODES++;
    if (n <= TOP) return lookup(x, n, a);
    if (!sum5(x)) return empty_value(n);
    uint64_t start = NODES;
    uint64_t key = pack(x);
    int lo = -n, hi = n, first = -1;
    Entry *e = probe(key, a);
    if (e) {
        lo = e->lo;
        hi = e->hi;
        first = e->move;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
    }
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
    int alpha0 = alpha;
    int best = -127, best_move = -1;
    uint8_t ys[5][10];
    int gains[5], frees[5], order[5], score[5], count = 0;
    for (int i = 0; i < 5; i++) {
        if (!x[i]) continue;
        frees[i] = sow(x, i, ys[i], &gains[i]);
        int g = gains[i], n2 = n - g;
        int v;
        Entry *c = NULL;
        if (a + g >= WIN_CUBES) v = g;
        else if (n2 <= TOP) {
            if (frees[i]) v = g + lookup(ys[i], n2, a + g);
            else { uint8_t z[10]; flip(ys[i], z); v = g - lookup(z, n2, TOTAL - n - a); }
        } else {
            v = -1000;
            if (frees[i]) { c = probe(pack(ys[i]), a + g); if (c) v = g + c->lo; }
            else { uint8_t z[10]; flip(ys[i], z); c = probe(pack(z), TOTAL - n - a); if (c) v = g - c->hi; }
            if (c && v >= beta) {       /* a bound enough to refute */
                store(key, a, v > lo ? v : lo, hi, i, 1);
                return v;
            }
            int s = (frees[i] ? 1000000 + i : 0) + g * 100000
                    + (HIST[i][x[i]] >> 4 > 99999 ? 99999 : (int)(HIST[i][x[i]] >> 4));
            if (i == first) s += 100000000;
            order[count] = i;
            score[count] = s;
            count++;
            continue;
        }
        if (v > best) { best = v; best_move = i; }
        if (v >= beta) {
            store(key, a, v > lo ? v : lo, hi, i, 1);
            return v;
        }
        if (v > alpha) alpha = v;
    }
    for (int p = 1; p < count; p++)
        for (int q = p; q > 0 && score[q] > score[q - 1]; q--) {
            int t = score[q]; score[q] = score[q - 1]; score[q - 1] = t;
            t = order[q]; order[q] = order[q - 1]; order[q - 1] = t;
        }
    for (int p = 0; p < count && alpha < beta; p++) {
        int i = order[p];
        int g = gains[i];
        int v;
        if (frees[i]) v = g + search(ys[i], n - g, a + g, alpha - g, beta - g);
        else {
            uint8_t z[10];
            flip(ys[i], z);
            v = g - search(z, n - g, TOTAL - n - a, g - beta, g - alpha);
        }
        if (v > best) {
            best = v;
            best_move = i;
            if (v > alpha) alpha = v;
        }
    }
    if (best >= beta) HIST[best_move][x[best_move]]++;
    int new_lo = lo, new_hi = hi;
    if (best <= alpha0) { if (best < new_hi) new_hi = best; }
    else if (best >= beta) { if (best > new_lo) new_lo = best; }
    else new_lo = new_hi = best;
    store(key, a, new_lo, new_hi, best_move, NODES - start);
    return best;
}

/* The exact value of (x, a): MTD(f) from `guess`. */
int solve(const uint8_t *x, int a, int guess) {
    int n = 0;
    for (int i = 0; i < 10; i++) n += x[i];
    int lower = -n - 1, upper = n + 1, g = guess;
    if (g < -n) g = -n;
    if (g > n) g = n;
    while (lower < upper) {
        int beta = g == lower ? g + 1 : g;
        g = search(x, n, a, beta - 1, beta);
        if (g < beta) upper = g;
        else lower = g;
    }
    return g;
}

/* Whether the value of (x, a) is at least `beta` (one null-window search). */
int at_least(const uint8_t *x, int a, int beta) {
    int n = 0;
    for (int i = 0; i < 10; i++) n += x[i];
    return search(x, n, a, beta - 1, beta) >= beta;
}

/* The move (0..4) the search found best at (x, a), or -1 when it is not in the table. */
int best_move(const uint8_t *x, int a) {
    Entry *e = probe(pack(x), a);
    return e ? e->move : -1;
}

/* Sowing for the driver's checks: writes the child into y, returns free + 2 * gain. */
int play(const uint8_t *x, int i, uint8_t *y) {
    int g;
    int f = sow(x, i, y, &g);
    return f + 2 * g;
}
