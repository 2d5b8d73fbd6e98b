/*
 * Internal: marking variables the library's files share among themselves
 * only. Not installed.
 */
#ifndef AKGL_SRC_HIDDEN_H
#define AKGL_SRC_HIDDEN_H

/*
 * Kept out of the shared library's dynamic symbol table: the library's own
 * code then reaches the variable directly, not through the global offset
 * table (one load fewer per access, on the frame path several times per
 * actor), and no program can interpose it. Only for variables no program
 * or test names.
 */
/* ELF only: GCC ignores visibility, with a warning, for Windows' DLLs. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__)
#define AKGL_HIDDEN __attribute__((visibility("hidden")))
#else
#define AKGL_HIDDEN
#endif

#endif /* AKGL_SRC_HIDDEN_H */
