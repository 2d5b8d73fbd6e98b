/*
 * akgl_layers: the layer check (docs/00-building.md, "The layer check").
 *
 *   akgl_layers --table FILE --root DIR [--nm PATH] [--extra PATH=LAYER]...
 *               [--] OBJECT...
 *
 * The table (src/layers.txt) puts every .c and .h file of src/ and include/
 * in a layer, bottom first. A file may use files of its own layer and of the
 * layers below, never above, and no files may use each other in a circle.
 * "Use" is read from the build itself, two ways:
 *
 *   - symbols: `nm -P` on each object; an undefined symbol that another of
 *     the objects defines is an arrow from the one file to the other;
 *   - includes: the #include lines of every listed file; <akgl/x.h>,
 *     <akerror.h> and the like resolve to include/, "x.h" to the including
 *     file's own folder (then include/); anything not in the table (SDL,
 *     libc, jansson) is someone else's and ignored.
 *
 * It prints one line per problem, each starting with "layers: ": table errors
 * (a file listed twice, listed but missing, on disk but not listed), every
 * upward use and include, every circle (a strongly connected component of
 * more than one file, with one concrete cycle through it), then a summary.
 * Exit status: 0 clean, 1 any problem, 2 usage error or a tool that failed.
 *
 * --extra PATH=LAYER adds a file outside the table to a layer (its object, if
 * it has one, among the OBJECTs): the self-test plants violations that way.
 * An object is known by its name: .../x.c.o is the listed file named x.c.
 * An OBJECT argument may hold several paths separated by ';' (a CMake list).
 *
 * Everything lives in fixed-size tables; a tree that outgrows one is told so
 * and the check stops (exit 2) rather than guessing.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_LAYERS 16
#define MAX_FILES 512
#define MAX_PATH 512
#define MAX_LINE 4096
#define SYMBOL_SLOTS 16384  /* hash table, a power of two, filled to 3/4 at most */
#define MAX_REFS 65536      /* undefined symbols, all objects together */
#define NAME_BYTES (1 << 21)

#define NO_LAYER (-1)       /* a file on disk that the table does not list */
#define NO_FILE (-1)

#define EXIT_CLEAN 0
#define EXIT_PROBLEMS 1
#define EXIT_FAILURE_TOOL 2

/* Arrow kinds, OR-ed in the arrow matrix. */
#define ARROW_SYMBOL 1
#define ARROW_INCLUDE 2

typedef struct
{
    char path[MAX_PATH];    /* as the table writes it: relative to the root */
    int layer;              /* index into layers[], or NO_LAYER */
    int line;               /* its line in the table; 0 for --extra and unlisted */
    bool exists;
    bool has_object;
} File;

typedef struct
{
    const char *name;       /* in names[]; NULL for a free slot */
    int def;                /* the file whose object defines it, or NO_FILE */
    bool weak;              /* that definition is weak: a strong one replaces it */
} Symbol;

typedef struct
{
    int file;               /* whose object leaves it undefined */
    int symbol;             /* index into symbols[] */
} Ref;

static char layers[MAX_LAYERS][64];
static int nlayers;
static File files[MAX_FILES];
static int nfiles;
static Symbol symbols[SYMBOL_SLOTS];
static int nsymbols;
static Ref refs[MAX_REFS];
static int nrefs;
static char names[NAME_BYTES];
static size_t names_used;
static unsigned char arrows[MAX_FILES][MAX_FILES];

static const char *root = ".";
static const char *table_path;
static const char *nm_path = "nm";
static int problems;        /* table errors and violations, all printed */
static int table_errors;

/* A problem of the table or the tree: printed, counted, and the check goes on
 * so one run shows everything. */
__attribute__((format(printf, 2, 3))) static void problem(bool of_table, const char *fmt, ...)
{
    va_list ap;
    fputs("layers: ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    problems++;
    if (of_table) {
        table_errors++;
    }
}

/* The check itself cannot go on (a table outgrown, nm failing): stop. */
__attribute__((format(printf, 1, 2), noreturn)) static void fatal(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("akgl_layers: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(EXIT_FAILURE_TOOL);
}

static void usage(void)
{
    fprintf(stderr, "usage: akgl_layers --table FILE --root DIR [--nm PATH] "
                    "[--extra PATH=LAYER]... [--] OBJECT...\n");
    exit(EXIT_FAILURE_TOOL);
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* root/path into out; a path that does not fit is a fatal error, not a
 * silently shortened one. */
static void full_path(char *out, size_t size, const char *path)
{
    int n = (path[0] == '/') ? snprintf(out, size, "%s", path)
                             : snprintf(out, size, "%s/%s", root, path);
    if (n < 0 || (size_t)n >= size) {
        fatal("path too long: %s/%s", root, path);
    }
}

static bool is_regular_file(const char *path)
{
    char full[2 * MAX_PATH];
    struct stat st;
    full_path(full, sizeof full, path);
    return stat(full, &st) == 0 && S_ISREG(st.st_mode);
}

static int find_file(const char *path)
{
    for (int i = 0; i < nfiles; i++) {
        if (strcmp(files[i].path, path) == 0) {
            return i;
        }
    }
    return NO_FILE;
}

static int find_layer(const char *name)
{
    for (int i = 0; i < nlayers; i++) {
        if (strcmp(layers[i], name) == 0) {
            return i;
        }
    }
    return NO_LAYER;
}

static const char *layer_name(int layer)
{
    return layer == NO_LAYER ? "unlisted" : layers[layer];
}

static int add_file(const char *path, int layer, int line)
{
    if (nfiles == MAX_FILES) {
        fatal("more than %d files: raise MAX_FILES", MAX_FILES);
    }
    if (strlen(path) >= MAX_PATH) {
        fatal("path too long: %s", path);
    }
    File *f = &files[nfiles];
    strcpy(f->path, path);
    f->layer = layer;
    f->line = line;
    f->exists = is_regular_file(path);
    f->has_object = false;
    return nfiles++;
}

/* ---- The table --------------------------------------------------------- */

/* Cuts a # comment and the whitespace around what is left. */
static char *trim(char *s)
{
    char *hash = strchr(s, '#');
    if (hash) {
        *hash = '\0';
    }
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    size_t n = strlen(s);
    while (n > 0 && strchr(" \t\r\n", s[n - 1])) {
        s[--n] = '\0';
    }
    return s;
}

static void read_table(void)
{
    FILE *in = fopen(table_path, "r");
    if (!in) {
        fatal("cannot read %s: %s", table_path, strerror(errno));
    }
    char buf[MAX_LINE];
    int lineno = 0;
    while (fgets(buf, sizeof buf, in)) {
        lineno++;
        char *s = trim(buf);
        if (*s == '\0') {
            continue;
        }
        if (strncmp(s, "layer", 5) == 0 && (s[5] == ' ' || s[5] == '\t')) {
            char *name = trim(s + 5);
            if (find_layer(name) != NO_LAYER) {
                problem(true, "%s:%d: layer %s is declared twice", table_path, lineno, name);
            } else if (nlayers == MAX_LAYERS || strlen(name) >= sizeof layers[0]) {
                fatal("%s:%d: too many layers, or a name too long", table_path, lineno);
            } else {
                strcpy(layers[nlayers++], name);
            }
            continue;
        }
        if (strpbrk(s, " \t")) {
            problem(true, "%s:%d: expected one path or 'layer NAME', got '%s'", table_path,
                    lineno, s);
            continue;
        }
        if (nlayers == 0) {
            problem(true, "%s:%d: %s comes before the first 'layer' line", table_path, lineno, s);
            continue;
        }
        int seen = find_file(s);
        if (seen != NO_FILE) {
            problem(true, "%s:%d: %s is listed twice (first on line %d)", table_path, lineno, s,
                    files[seen].line);
            continue;
        }
        int f = add_file(s, nlayers - 1, lineno);
        if (!files[f].exists) {
            problem(true, "%s:%d: %s is listed but does not exist", table_path, lineno, s);
        }
    }
    if (ferror(in)) {
        fatal("cannot read %s", table_path);
    }
    fclose(in);
}

/* ---- Files on disk that the table does not list ------------------------ */

static char found[MAX_FILES][MAX_PATH];
static int nfound;

static void walk(const char *dir)
{
    char full[2 * MAX_PATH];
    full_path(full, sizeof full, dir);
    DIR *d = opendir(full);
    if (!d) {
        return;     /* no such folder: nothing in it to list */
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') {
            continue;
        }
        char path[MAX_PATH];
        int n = snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (n < 0 || (size_t)n >= sizeof path) {
            fatal("path too long: %s/%s", dir, e->d_name);
        }
        char sub[2 * MAX_PATH];
        struct stat st;
        full_path(sub, sizeof sub, path);
        if (stat(sub, &st) != 0) {
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            walk(path);
        } else if (S_ISREG(st.st_mode) && (ends_with(path, ".c") || ends_with(path, ".h"))) {
            if (nfound == MAX_FILES) {
                fatal("more than %d files under src/ and include/", MAX_FILES);
            }
            strcpy(found[nfound++], path);
        }
    }
    closedir(d);
}

static int compare_paths(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* An unlisted file still takes part (NO_LAYER): its arrows count and can
 * close a circle; only the layer comparisons skip it. */
static void find_unlisted(void)
{
    walk("include");
    walk("src");
    qsort(found, (size_t)nfound, sizeof found[0], compare_paths);
    for (int i = 0; i < nfound; i++) {
        if (find_file(found[i]) == NO_FILE) {
            add_file(found[i], NO_LAYER, 0);
            problem(true, "%s is not in %s", found[i], table_path);
        }
    }
}

static void add_extra(const char *arg)
{
    const char *eq = strrchr(arg, '=');
    char path[MAX_PATH];
    if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof path) {
        fprintf(stderr, "akgl_layers: --extra wants PATH=LAYER, got '%s'\n", arg);
        usage();
    }
    memcpy(path, arg, (size_t)(eq - arg));
    path[eq - arg] = '\0';
    int layer = find_layer(eq + 1);
    if (layer == NO_LAYER) {
        problem(true, "--extra %s: no layer %s in %s", path, eq + 1, table_path);
        return;
    }
    if (find_file(path) != NO_FILE) {
        problem(true, "--extra %s: already in %s", path, table_path);
        return;
    }
    int f = add_file(path, layer, 0);
    if (!files[f].exists) {
        problem(true, "--extra %s does not exist", path);
    }
}

/* An object is named after its source (CMake: .../actor.c.o), so .c
 * basenames must be unique for the object to say which file it is. */
static void check_basenames(void)
{
    for (int i = 0; i < nfiles; i++) {
        for (int j = 0; j < i; j++) {
            if (ends_with(files[i].path, ".c")
                && strcmp(base_name(files[i].path), base_name(files[j].path)) == 0) {
                problem(true, "%s and %s have the same name: objects could not tell them apart",
                        files[j].path, files[i].path);
                break;
            }
        }
    }
}

/* ---- Symbols ----------------------------------------------------------- */

static unsigned long hash(const char *s)
{
    unsigned long h = 5381;
    while (*s) {
        h = h * 33 + (unsigned char)*s++;
    }
    return h;
}

static int intern(const char *name)
{
    unsigned long i = hash(name) & (SYMBOL_SLOTS - 1);
    while (symbols[i].name) {
        if (strcmp(symbols[i].name, name) == 0) {
            return (int)i;
        }
        i = (i + 1) & (SYMBOL_SLOTS - 1);
    }
    size_t n = strlen(name) + 1;
    if (nsymbols >= SYMBOL_SLOTS / 4 * 3 || names_used + n > sizeof names) {
        fatal("more symbols than the tables hold: raise SYMBOL_SLOTS or NAME_BYTES");
    }
    memcpy(names + names_used, name, n);
    symbols[i].name = names + names_used;
    symbols[i].def = NO_FILE;
    symbols[i].weak = false;
    names_used += n;
    nsymbols++;
    return (int)i;
}

static void define(int file, const char *name, bool weak)
{
    Symbol *s = &symbols[intern(name)];
    if (s->def == NO_FILE || (s->weak && !weak)) {
        s->def = file;
        s->weak = weak;
    } else if (!s->weak && !weak && s->def != file) {
        problem(false, "%s is defined in both %s and %s", name, files[s->def].path,
                files[file].path);
    }
    /* A second weak definition, or a weak one after a strong one, changes
     * nothing: the linker keeps the first/the strong one too. */
}

static void add_ref(int file, const char *name)
{
    if (nrefs == MAX_REFS) {
        fatal("more than %d undefined symbols: raise MAX_REFS", MAX_REFS);
    }
    refs[nrefs].file = file;
    refs[nrefs].symbol = intern(name);
    nrefs++;
}

/* The file an object was compiled from: ".../dir/x.c.o" is the .c file
 * whose basename is "x.c". */
static int object_file(const char *object)
{
    char src[MAX_PATH];
    const char *base = base_name(object);
    size_t n = strlen(base);
    if (ends_with(base, ".o")) {
        n -= 2;
    } else if (ends_with(base, ".obj")) {
        n -= 4;
    }
    if (n >= sizeof src) {
        return NO_FILE;
    }
    memcpy(src, base, n);
    src[n] = '\0';
    if (!ends_with(src, ".c")) {
        return NO_FILE;
    }
    for (int i = 0; i < nfiles; i++) {
        if (strcmp(base_name(files[i].path), src) == 0) {
            return i;
        }
    }
    return NO_FILE;
}

/* 'x' -> 'x' with every ' written '\'': safe inside a popen command line. */
static void shell_quote(char *out, size_t size, const char *s)
{
    size_t n = 0;
    if (size < 3) {
        fatal("internal: quote buffer");
    }
    out[n++] = '\'';
    for (; *s; s++) {
        if (n + 6 >= size) {
            fatal("command line too long for %s", s);
        }
        if (*s == '\'') {
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *s;
        }
    }
    out[n++] = '\'';
    out[n] = '\0';
}

/* nm -P prints "name type [value size]" a line. Uppercase types are global
 * definitions, V and W weak ones; U is undefined, v and w weakly undefined
 * (still a use when something defines it); u is a unique global (a
 * definition); every other lowercase letter is local and N is debugging. */
static void read_object(const char *object)
{
    int file = object_file(object);
    if (file == NO_FILE) {
        problem(true, "object %s: no file in %s has its name", object, table_path);
        return;
    }
    if (files[file].has_object) {
        problem(true, "object %s: %s already has an object", object, files[file].path);
        return;
    }
    files[file].has_object = true;

    char qnm[MAX_PATH * 2], qobj[MAX_PATH * 2], command[MAX_PATH * 4 + 16];
    shell_quote(qnm, sizeof qnm, nm_path);
    shell_quote(qobj, sizeof qobj, object);
    snprintf(command, sizeof command, "%s -P %s", qnm, qobj);
    FILE *p = popen(command, "r");
    if (!p) {
        fatal("cannot run %s: %s", command, strerror(errno));
    }
    char line[MAX_LINE];
    while (fgets(line, sizeof line, p)) {
        char *name = strtok(line, " \t\r\n");
        char *type = strtok(NULL, " \t\r\n");
        if (!name || !type || type[1] != '\0') {
            continue;
        }
        /* COFF (a Windows build; x86_64 names have no leading '_'): the
         * sections and the linker's own entries start with '.', which no C
         * name does. ".refptr.x" is defined, globally, in every object that
         * takes x's address: one symbol defined in many files. */
        if (name[0] == '.') {
            continue;
        }
        char t = type[0];
        if (strchr("Uvw", t)) {
            add_ref(file, name);
        } else if (t == 'V' || t == 'W') {
            define(file, name, true);
        } else if ((t >= 'A' && t <= 'Z' && t != 'N') || t == 'u') {
            define(file, name, false);
        }
    }
    int status = pclose(p);
    if (status != 0) {
        fatal("%s failed (status %d)", command, status);
    }
}

/* One argument may hold several objects separated by ';': that is how
 * add_test hands over $<TARGET_OBJECTS:...>, a CMake list, as one argument. */
static void read_objects(const char *arg)
{
    char object[MAX_PATH * 2];
    while (*arg) {
        size_t n = strcspn(arg, ";");
        if (n >= sizeof object) {
            fatal("object path too long: %.*s", (int)n, arg);
        }
        memcpy(object, arg, n);
        object[n] = '\0';
        if (n > 0) {
            read_object(object);
        }
        arg += n + (arg[n] == ';');
    }
}

static void add_arrow(int from, int to, int kind)
{
    arrows[from][to] |= (unsigned char)kind;
}

static bool upward(int from, int to)
{
    return files[from].layer != NO_LAYER && files[to].layer != NO_LAYER
           && files[to].layer > files[from].layer;
}

/* Symbols the objects leave undefined and another of them defines.
 * Everything else (libc, SDL, the sanitizer and coverage runtimes) is not
 * ours and not an arrow. */
static void resolve_symbols(void)
{
    for (int i = 0; i < nrefs; i++) {
        const Symbol *s = &symbols[refs[i].symbol];
        int from = refs[i].file, to = s->def;
        if (to == NO_FILE || to == from) {
            continue;
        }
        add_arrow(from, to, ARROW_SYMBOL);
        if (upward(from, to)) {
            problem(false, "%s (%s) uses %s, defined in %s (%s)", files[from].path,
                    layer_name(files[from].layer), s->name, files[to].path,
                    layer_name(files[to].layer));
        }
    }
}

/* ---- Includes ---------------------------------------------------------- */

/* Removes "." and "dir/.." parts, so "../akgl/x.h" from src/akerror names
 * src/akgl/x.h as the table writes it. */
static void normalize(char *path)
{
    char *part[MAX_PATH / 2];
    int n = 0;
    char copy[MAX_PATH];
    strcpy(copy, path);
    for (char *tok = strtok(copy, "/"); tok; tok = strtok(NULL, "/")) {
        if (strcmp(tok, ".") == 0) {
            continue;
        }
        if (strcmp(tok, "..") == 0 && n > 0 && strcmp(part[n - 1], "..") != 0) {
            n--;
            continue;
        }
        part[n++] = tok;
    }
    char out[MAX_PATH];
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? "/" : "", part[i]);
    }
    strcpy(path, out);
}

/* What an include names, as a table path: <x> is include/x, "x" is x beside
 * the including file or else include/x. NO_FILE when the table does not
 * have it (a system or third-party header). */
static int resolve_include(int from, const char *name, bool angle)
{
    char path[MAX_PATH];
    int n;
    if (!angle) {
        const char *dir = files[from].path;
        const char *slash = strrchr(dir, '/');
        int dirlen = slash ? (int)(slash - dir) : 0;
        n = snprintf(path, sizeof path, "%.*s%s%s", dirlen, dir, slash ? "/" : "", name);
        if (n > 0 && (size_t)n < sizeof path) {
            normalize(path);
            int f = find_file(path);
            if (f != NO_FILE) {
                return f;
            }
        }
    }
    n = snprintf(path, sizeof path, "include/%s", name);
    if (n < 0 || (size_t)n >= sizeof path) {
        return NO_FILE;
    }
    normalize(path);
    return find_file(path);
}

/* If the line is an #include, its name into name[] and true. Only a line
 * that starts (after blanks) with '#', blanks, "include" counts. */
static bool include_line(const char *p, char *name, size_t size, bool *angle)
{
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    if (*p++ != '#') {
        return false;
    }
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    if (strncmp(p, "include", 7) != 0) {
        return false;
    }
    p += 7;
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    char close;
    if (*p == '<') {
        close = '>';
    } else if (*p == '"') {
        close = '"';
    } else {
        return false;   /* #include_next, or a macro: not ours to follow */
    }
    *angle = (*p == '<');
    const char *end = strchr(++p, close);
    if (!end || (size_t)(end - p) >= size) {
        return false;
    }
    memcpy(name, p, (size_t)(end - p));
    name[end - p] = '\0';
    return true;
}

/* Whether a block comment is still open at the end of this line, given
 * whether one was open at its start. String and character literals are
 * skipped so "/" "*" inside them opens nothing. */
static bool comment_open_after(const char *p, bool open)
{
    for (; *p; p++) {
        if (open) {
            if (p[0] == '*' && p[1] == '/') {
                open = false;
                p++;
            }
        } else if (p[0] == '/' && p[1] == '*') {
            open = true;
            p++;
        } else if (p[0] == '/' && p[1] == '/') {
            break;
        } else if (*p == '"' || *p == '\'') {
            char quote = *p;
            for (p++; *p && *p != quote; p++) {
                if (*p == '\\' && p[1]) {
                    p++;
                }
            }
            if (!*p) {
                break;
            }
        }
    }
    return open;
}

static void scan_includes(int from)
{
    char full[2 * MAX_PATH];
    full_path(full, sizeof full, files[from].path);
    FILE *in = fopen(full, "r");
    if (!in) {
        return;     /* missing: already reported by the table check */
    }
    char line[MAX_LINE], name[MAX_PATH];
    bool in_comment = false, angle = false;
    int lineno = 0;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        if (!in_comment && include_line(line, name, sizeof name, &angle)) {
            int to = resolve_include(from, name, angle);
            if (to != NO_FILE && to != from) {
                add_arrow(from, to, ARROW_INCLUDE);
                if (upward(from, to)) {
                    problem(false, "%s (%s) includes %s (%s), line %d", files[from].path,
                            layer_name(files[from].layer), files[to].path,
                            layer_name(files[to].layer), lineno);
                }
            }
        }
        in_comment = comment_open_after(line, in_comment);
    }
    fclose(in);
}

/* ---- Circles ----------------------------------------------------------- */

/* Tarjan's strongly connected components. comp[v] numbers v's component;
 * recursion depth is at most the number of files. */
static int tindex[MAX_FILES], tlow[MAX_FILES], comp[MAX_FILES], tstack[MAX_FILES];
static bool onstack[MAX_FILES];
static int next_index, ntstack, ncomps;

static void strongconnect(int v)
{
    tindex[v] = tlow[v] = next_index++;
    tstack[ntstack++] = v;
    onstack[v] = true;
    for (int w = 0; w < nfiles; w++) {
        if (!arrows[v][w]) {
            continue;
        }
        if (tindex[w] < 0) {
            strongconnect(w);
            if (tlow[w] < tlow[v]) {
                tlow[v] = tlow[w];
            }
        } else if (onstack[w] && tindex[w] < tlow[v]) {
            tlow[v] = tindex[w];
        }
    }
    if (tlow[v] == tindex[v]) {
        int w;
        do {
            w = tstack[--ntstack];
            onstack[w] = false;
            comp[w] = ncomps;
        } while (w != v);
        ncomps++;
    }
}

/* Prints the component of `start` (its first file in table order) with the
 * shortest cycle through start: a breadth-first search inside the component
 * for a file with an arrow back to start. */
static void report_circle(int start, int size)
{
    int parent[MAX_FILES], queue[MAX_FILES], head = 0, tail = 0, last = NO_FILE;
    for (int i = 0; i < nfiles; i++) {
        parent[i] = NO_FILE;
    }
    parent[start] = start;
    queue[tail++] = start;
    while (head < tail && last == NO_FILE) {
        int v = queue[head++];
        for (int w = 0; w < nfiles; w++) {
            if (!arrows[v][w] || comp[w] != comp[start]) {
                continue;
            }
            if (w == start) {
                last = v;
                break;
            }
            if (parent[w] == NO_FILE) {
                parent[w] = v;
                queue[tail++] = w;
            }
        }
    }
    /* Walk back from last to start, then print forwards. */
    int path[MAX_FILES], n = 0;
    for (int v = last; v != start; v = parent[v]) {
        path[n++] = v;
    }
    path[n++] = start;
    printf("layers: circle of %d files: ", size);
    for (int i = n - 1; i >= 0; i--) {
        printf("%s -> ", files[path[i]].path);
    }
    printf("%s", files[start].path);
    if (n < size) {
        /* The rest of the component: files on other cycles through it. */
        const char *sep = "; also in it: ";
        for (int v = 0; v < nfiles; v++) {
            bool on_path = false;
            for (int i = 0; i < n; i++) {
                on_path = on_path || path[i] == v;
            }
            if (comp[v] == comp[start] && !on_path) {
                printf("%s%s", sep, files[v].path);
                sep = ", ";
            }
        }
    }
    putchar('\n');
    problems++;
}

static int find_circles(void)
{
    int size[MAX_FILES] = {0}, circles = 0;
    bool reported[MAX_FILES] = {false};
    for (int v = 0; v < nfiles; v++) {
        tindex[v] = -1;
    }
    for (int v = 0; v < nfiles; v++) {
        if (tindex[v] < 0) {
            strongconnect(v);
        }
    }
    for (int v = 0; v < nfiles; v++) {
        size[comp[v]]++;
    }
    for (int v = 0; v < nfiles; v++) {
        if (size[comp[v]] > 1 && !reported[comp[v]]) {
            reported[comp[v]] = true;
            report_circle(v, size[comp[v]]);
            circles++;
        }
    }
    return circles;
}

/* ---- main -------------------------------------------------------------- */

int main(int argc, char **argv)
{
    const char *extras[MAX_FILES];
    int nextras = 0, first_object = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            first_object = i + 1;
            break;
        } else if (strcmp(a, "--table") == 0 && i + 1 < argc) {
            table_path = argv[++i];
        } else if (strcmp(a, "--root") == 0 && i + 1 < argc) {
            root = argv[++i];
        } else if (strcmp(a, "--nm") == 0 && i + 1 < argc) {
            nm_path = argv[++i];
        } else if (strcmp(a, "--extra") == 0 && i + 1 < argc) {
            if (nextras == MAX_FILES) {
                fatal("too many --extra");
            }
            extras[nextras++] = argv[++i];
        } else if (a[0] == '-') {
            usage();
        } else {
            first_object = i;
            break;
        }
    }
    if (!table_path) {
        usage();
    }

    read_table();
    if (nlayers == 0) {
        fatal("%s declares no layer", table_path);
    }
    for (int i = 0; i < nextras; i++) {
        add_extra(extras[i]);
    }
    find_unlisted();
    check_basenames();

    for (int i = first_object; i < argc; i++) {
        read_objects(argv[i]);
    }
    resolve_symbols();
    for (int f = 0; f < nfiles; f++) {
        if (files[f].exists && (ends_with(files[f].path, ".c") || ends_with(files[f].path, ".h"))) {
            scan_includes(f);
        }
    }
    int circles = find_circles();

    int narrows = 0, nupward = 0, nobjects = 0;
    for (int a = 0; a < nfiles; a++) {
        nobjects += files[a].has_object;
        for (int b = 0; b < nfiles; b++) {
            if (arrows[a][b]) {
                narrows++;
                nupward += upward(a, b);
            }
        }
    }
    printf("layers: %d files, %d objects, %d arrows, %d upward, %d circles, %d table errors: %s\n",
           nfiles, nobjects, narrows, nupward, circles, table_errors,
           problems ? "FAILED" : "clean");
    return problems ? EXIT_PROBLEMS : EXIT_CLEAN;
}
