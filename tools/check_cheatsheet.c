/*
 * akgl_check_cheatsheet: keeps docs/cheatsheet.md whole and true.
 *
 *   akgl_check_cheatsheet CHEATSHEET.md INCLUDE_DIR   check; exit 1 on a gap
 *   akgl_check_cheatsheet --list INCLUDE_DIR          print every public
 *                                                     function by header
 *
 * The public functions are those the headers declare (or define inline) at
 * file scope: akerror.h, akstdlib.h and every akgl/ *.h under INCLUDE_DIR.
 * Comments, preprocessor lines and C++-only blocks (#ifdef __cplusplus) are
 * skipped; a statement at file scope that is not a typedef and has a
 * parenthesis declares the function named just before its first one.
 *
 * The cheatsheet has a section per header, a line starting "## " that names
 * it in angle brackets (`## <akgl/actor.h>: actors`), and under it one line
 * per function starting "| `name(" (a table row). The check fails when a
 * header's function has no line in its header's section, and when a line
 * names a function its section's header does not declare (renamed, removed
 * or in another header), saying which and where.
 */
#include <SDL3/SDL.h>

#include <stdio.h>
#include <string.h>

#define MAX_FUNCS 2048
#define MAX_NAME 64
#define MAX_HEADER 64

typedef struct
{
    char header[MAX_HEADER]; /* "akgl/actor.h" */
    char name[MAX_NAME];
    int seen;
} Func;

static Func funcs[MAX_FUNCS];
static int nfuncs;

static bool ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The function a file-scope statement declares, or false. */
static bool statement_name(const char *s, size_t n, char *name)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) {
        i++;
    }
    if (n - i >= 7 && strncmp(s + i, "typedef", 7) == 0 && !ident_char(s[i + 7])) {
        return false;
    }
    for (; i < n; i++) {
        if (s[i] != '(') {
            continue;
        }
        size_t end = i;
        while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\n')) {
            end--;
        }
        size_t start = end;
        while (start > 0 && ident_char(s[start - 1])) {
            start--;
        }
        bool lower = false;
        for (size_t k = start; k < end; k++) {
            lower = lower || (s[k] >= 'a' && s[k] <= 'z');
        }
        if (end == start || !lower || end - start >= MAX_NAME) {
            return false; /* a macro (all capitals), or not a name at all */
        }
        memcpy(name, s + start, end - start);
        name[end - start] = '\0';
        return true;
    }
    return false;
}

static int add_func(const char *header, const char *name)
{
    if (nfuncs == MAX_FUNCS) {
        fprintf(stderr, "akgl_check_cheatsheet: more than %d functions\n", MAX_FUNCS);
        return 1;
    }
    SDL_strlcpy(funcs[nfuncs].header, header, sizeof(funcs[nfuncs].header));
    SDL_strlcpy(funcs[nfuncs].name, name, sizeof(funcs[nfuncs].name));
    nfuncs++;
    return 0;
}

/* Reads one header's file-scope functions into funcs. */
static int scan_header(const char *dir, const char *header)
{
    char path[4096];
    size_t len = 0;
    SDL_snprintf(path, sizeof(path), "%s/%s", dir, header);
    char *text = SDL_LoadFile(path, &len);
    if (text == NULL) {
        fprintf(stderr, "akgl_check_cheatsheet: cannot read %s: %s\n", path, SDL_GetError());
        return 1;
    }
    /* Blank out comments, strings, preprocessor lines and C++ blocks. */
    int cplusplus = 0;
    bool line_start = true;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '/' && i + 1 < len && text[i + 1] == '*') {
            size_t j = i + 2;
            while (j + 1 < len && !(text[j] == '*' && text[j + 1] == '/')) {
                j++;
            }
            for (size_t k = i; k < j + 2 && k < len; k++) {
                text[k] = text[k] == '\n' ? '\n' : ' ';
            }
            i = j + 1;
            continue;
        }
        if (text[i] == '/' && i + 1 < len && text[i + 1] == '/') {
            while (i < len && text[i] != '\n') {
                text[i++] = ' ';
            }
            line_start = true;
            continue;
        }
        if (text[i] == '"') {
            size_t j = i + 1;
            while (j < len && text[j] != '"') {
                j += text[j] == '\\' ? 2 : 1;
            }
            for (size_t k = i; k <= j && k < len; k++) {
                text[k] = ' ';
            }
            i = j;
            continue;
        }
        if (line_start && text[i] == '#') {
            size_t j = i;
            while (j < len && (text[j] != '\n' || text[j - 1] == '\\')) {
                j++;
            }
            const char *d = text + i + 1;
            while (*d == ' ') {
                d++;
            }
            if (strncmp(d, "ifdef __cplusplus", 17) == 0 ||
                (cplusplus > 0 && strncmp(d, "if", 2) == 0)) {
                cplusplus++;
            } else if (cplusplus > 0 && strncmp(d, "endif", 5) == 0) {
                cplusplus--;
            }
            for (size_t k = i; k < j; k++) {
                text[k] = ' ';
            }
            i = j;
            line_start = true;
            continue;
        }
        if (cplusplus > 0 && text[i] != '\n') {
            text[i] = ' ';
        }
        if (text[i] == '\n') {
            line_start = true;
        } else if (text[i] != ' ' && text[i] != '\t') {
            line_start = false;
        }
    }
    /* File-scope statements: up to a ';' or a '{' at depth 0. */
    int depth = 0, failures = 0;
    size_t stmt = 0;
    char name[MAX_NAME];
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '{' || c == ';') {
            if (depth == 0 && statement_name(text + stmt, i - stmt, name)) {
                failures += add_func(header, name);
            }
            depth += c == '{';
            stmt = i + 1;
        } else if (c == '}') {
            depth--;
            stmt = i + 1;
        }
    }
    SDL_free(text);
    return failures;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int scan_headers(const char *dir)
{
    int failures = scan_header(dir, "akerror.h") + scan_header(dir, "akstdlib.h");
    char sub[4096];
    int count = 0;
    SDL_snprintf(sub, sizeof(sub), "%s/akgl", dir);
    char **found = SDL_GlobDirectory(sub, "*.h", 0, &count);
    if (found == NULL) {
        fprintf(stderr, "akgl_check_cheatsheet: cannot list %s: %s\n", sub, SDL_GetError());
        return 1;
    }
    SDL_qsort(found, (size_t)count, sizeof(found[0]), compare_names);
    for (int i = 0; i < count; i++) {
        char header[MAX_HEADER];
        SDL_snprintf(header, sizeof(header), "akgl/%s", found[i]);
        failures += scan_header(dir, header);
    }
    SDL_free(found);
    return failures;
}

static int check(const char *sheet_path)
{
    size_t len = 0;
    char *sheet = SDL_LoadFile(sheet_path, &len);
    if (sheet == NULL) {
        fprintf(stderr, "akgl_check_cheatsheet: cannot read %s: %s\n", sheet_path, SDL_GetError());
        return 1;
    }
    char section[MAX_HEADER] = "";
    int failures = 0, lineno = 0, listed = 0;
    for (char *line = sheet; line != NULL && *line != '\0';) {
        char *next = strchr(line, '\n');
        if (next != NULL) {
            *next++ = '\0';
        }
        lineno++;
        if (strncmp(line, "## ", 3) == 0) {
            char *open = strchr(line, '<'), *close = open ? strchr(open, '>') : NULL;
            section[0] = '\0';
            if (open != NULL && close != NULL && (size_t)(close - open - 1) < sizeof(section)) {
                memcpy(section, open + 1, (size_t)(close - open - 1));
                section[close - open - 1] = '\0';
            }
        } else if (strncmp(line, "| `", 3) == 0 && strchr(line + 3, '(') != NULL) {
            char name[MAX_NAME];
            size_t n = strcspn(line + 3, "(`");
            if (line[3 + n] != '(' || n == 0 || n >= sizeof(name)) {
                line = next;
                continue;
            }
            memcpy(name, line + 3, n);
            name[n] = '\0';
            listed++;
            bool ok = false;
            for (int i = 0; i < nfuncs; i++) {
                if (strcmp(funcs[i].name, name) == 0 && strcmp(funcs[i].header, section) == 0) {
                    funcs[i].seen++;
                    ok = true;
                }
            }
            if (!ok) {
                fprintf(stderr, "%s:%d: %s is not declared by <%s>: renamed, removed, or in "
                        "another header's section\n", sheet_path, lineno, name,
                        section[0] ? section : "(no header section above it)");
                failures++;
            }
        }
        line = next;
    }
    for (int i = 0; i < nfuncs; i++) {
        if (funcs[i].seen == 0) {
            fprintf(stderr, "%s: %s, declared by <%s>, is missing: add a line \"| `%s(...)` | "
                    "... |\" under its \"## <%s>\" section\n", sheet_path, funcs[i].name,
                    funcs[i].header, funcs[i].name, funcs[i].header);
            failures++;
        } else if (funcs[i].seen > 1) {
            fprintf(stderr, "%s: %s is listed %d times under <%s>; once is enough\n", sheet_path,
                    funcs[i].name, funcs[i].seen, funcs[i].header);
            failures++;
        }
    }
    SDL_free(sheet);
    printf("%s: %d functions in %d lines checked against the headers; %d problem(s)\n",
           sheet_path, nfuncs, listed, failures);
    return failures > 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--list") == 0) {
        if (scan_headers(argv[2]) != 0) {
            return 1;
        }
        for (int i = 0; i < nfuncs; i++) {
            printf("%s %s\n", funcs[i].header, funcs[i].name);
        }
        return 0;
    }
    if (argc != 3 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s CHEATSHEET.md INCLUDE_DIR | --list INCLUDE_DIR\n", argv[0]);
        return 2;
    }
    if (scan_headers(argv[2]) != 0) {
        return 1;
    }
    if (nfuncs == 0) {
        fprintf(stderr, "akgl_check_cheatsheet: no function found under %s\n", argv[2]);
        return 1;
    }
    return check(argv[1]);
}
