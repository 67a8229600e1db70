/*
 * A Silver bot in C, over the JSON-lines protocol (docs/protocol.md), standard library only.
 *
 *     cc -O2 -o census_shy bots/examples/census_shy.c
 *     silver tournament --bots exec:./census_shy,greedy --games 100
 *
 * It plays uniformly among the legal actions, seeded by the engine's `seed` (so runs with it
 * are reproducible), except that it calls census only when nothing else is legal. It reads
 * the fields it needs from each line without a JSON library: the engine writes one compact
 * object per line, `type` says what it is, `legal` is a list of objects tagged by `do`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of "key": as the start of its text in `line`, or NULL. */
static const char *field(const char *line, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(line, pattern);
    return at ? at + strlen(pattern) : NULL;
}

/* Scans the JSON list at `p` (its '['): stores where each element starts in `starts`, up to
 * `max`, and returns how many there are. Strings may hold brackets and escaped quotes. */
static int elements(const char *p, const char **starts, int max) {
    int depth = 0, count = 0, in_string = 0;
    for (; *p; p++) {
        char c = *p;
        if (in_string) {
            if (c == '\\' && p[1]) p++;
            else if (c == '"') in_string = 0;
            continue;
        }
        if (c == '"') {
            in_string = 1;
        } else if (c == '[' || c == '{') {
            if (depth == 1 && count < max && c == '{') starts[count] = p;
            if (depth == 1 && c == '{') count++;
            depth++;
        } else if (c == ']' || c == '}') {
            if (--depth == 0) break;
        }
    }
    return count < max ? count : max;
}

/* splitmix64: the next value of a stream seeded by the engine. */
static unsigned long long next(unsigned long long *state) {
    unsigned long long z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

enum { MAX_LEGAL = 4096 };

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    static const char *starts[MAX_LEGAL];
    static int choices[MAX_LEGAL];
    while (getline(&line, &cap, stdin) > 0) {
        const char *type = field(line, "type");
        if (!type) continue;
        if (strncmp(type, "\"quit\"", 6) == 0) break;
        if (strncmp(type, "\"decide\"", 8) != 0) continue; /* "game" and "event": no answer */
        const char *seed_text = field(line, "seed");
        const char *legal = field(line, "legal");
        if (!seed_text || !legal) return 1;
        unsigned long long seed = strtoull(seed_text, NULL, 10);
        int n = elements(legal, starts, MAX_LEGAL), k = 0;
        for (int i = 0; i < n; i++)
            if (strncmp(starts[i], "{\"do\":\"call-census\"", 19) != 0) choices[k++] = i;
        if (k == 0)
            for (; k < n; k++) choices[k] = k;
        int index = choices[next(&seed) % (unsigned long long)k];
        printf("{\"action\":%d}\n", index);
        fflush(stdout);
    }
    free(line);
    return 0;
}
