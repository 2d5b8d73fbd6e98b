/*
 * Streamed music without listening: the memory a ten-minute track takes to
 * play, and every refusal of akgl_sound_music_play_file with nothing left
 * open. What is heard (the loop point, a cross-fade, a file that turns bad
 * while it plays) is in test_sound_play.c, on the disk driver.
 *
 * The memory is the C library's own count of the heap in use (glibc's
 * mallinfo2, Emscripten's mallinfo on the web; on Windows a walk of the C
 * runtime's heap: every malloc of libogg, libvorbis, SDL and akgl, on every
 * thread), read while the track's source is read straight through, ten
 * minutes and a loop.
 */
#define _DEFAULT_SOURCE /* mkfifo, mallinfo2 */
#include <akgl/file.h>
#include <akgl/sound.h>

#include "sound_load.h"
#include "sound_private.h"

#include <errno.h>
#include <malloc.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "akgl_test.h"
#include "sound_fixture.h"
#include "test_platform.h"

#define FIX AKGL_SOUND_FIXTURE_DIR
#define ONE_MB (1024 * 1024)

static int streams_open(void)
{
    akgl_sound_reap();
    return akgl_sound_streams_open();
}

/* Bytes of heap in use: small blocks and mmap'd large ones. */
static size_t heap_in_use(void)
{
#ifdef _WIN32
    _HEAPINFO entry = {0};
    size_t used = 0;
    while (_heapwalk(&entry) == _HEAPOK) {
        used += entry._useflag == _USEDENTRY ? entry._size : 0;
    }
    return used;
#elif defined(__EMSCRIPTEN__)
    struct mallinfo m = mallinfo();
    return (size_t)m.uordblks + (size_t)m.hblkhd;
#else
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
#endif
}

/*
 * Ten minutes (the longest sound akgl_sound_load takes is under that) of a
 * 220 Hz tone, mono at 8 kHz so the fixture is quick to encode; the device
 * rate is 48 kHz stereo, so it plays as 28.8 million frames, 230 MB whole.
 * Read through once and past the loop point, the heap never grows by 1 MB.
 */
static void test_ten_minutes_in_under_a_megabyte(void)
{
    static const fx_tone tone = {0.5f, 220.0f, 8000};
    const int64_t file_frames = 600 * 8000;
    const int64_t play_frames = (int64_t)600 * akgl_sound_rate();
    static float block[1024 * 2];
    akgl_SoundSource *src = NULL;
    CHECK(fx_write_ogg(FIX "/ten_minutes.ogg", 1, 8000, file_frames, fx_cosine, &tone));
    /* Whole, it is refused: too long to hold. */
    CHECK_STATUS_MSG(akgl_sound_load("ten", FIX "/ten_minutes.ogg", 1.0f, false, NULL),
                     AKERR_OUTOFBOUNDS, "600 s long");

    size_t base = heap_in_use();
    CHECK_OK(akgl_sound_stream_open(FIX "/ten_minutes.ogg", &src));
    if (src == NULL) {
        return;
    }
    size_t peak = heap_in_use();
    int64_t read = 0, short_reads = 0;
    float loudest = 0.0f;
    int calls = 0;
    while (read < play_frames + 48000) {
        int got = src->read(src, block, 1024);
        if (got != 1024) {
            short_reads++;
            break;
        }
        read += got;
        if (fabsf(block[0]) > loudest) {
            loudest = fabsf(block[0]);
        }
        if (++calls % 64 == 0) {
            size_t now = heap_in_use();
            peak = now > peak ? now : peak;
        }
    }
    size_t now = heap_in_use();
    peak = now > peak ? now : peak;
    src->close(src);
    CHECK_INT_EQ(short_reads, 0);
    CHECK_MSG(read >= play_frames + 48000, "read %lld frames", (long long)read);
    CHECK_MSG(loudest > 0.4f, "the tone peaks at %g", (double)loudest);
    printf("ten minutes (%lld frames at %d Hz, %lld MB whole) streamed with %zu bytes of heap "
           "at the most\n", (long long)play_frames, akgl_sound_rate(),
           (long long)(play_frames * 8 / ONE_MB), peak - base);
    CHECK_MSG(peak - base < ONE_MB, "the stream took %zu bytes of heap", peak - base);
    CHECK_MSG(heap_in_use() <= base + 4096, "%zu bytes of heap are left after the close",
              heap_in_use() - base);
    CHECK_INT_EQ(streams_open(), 0);
}

static void write_text(const char *path, const char *text)
{
    CHECK(fx_write_text(path, text));
}

/* Every refusal: its status and message; nothing is left open or playing. */
static void test_refusals(void)
{
    static const fx_tone tone = {0.5f, 440.0f, 48000};
    float level = 0.25f;
    akgl_Voice v = 1;
    char longpath[AKGL_SOUND_MAX_PATH_LENGTH + 8];
    CHECK(fx_write_ogg(FIX "/good.ogg", 2, 48000, 4800, fx_cosine, &tone));

    CHECK_STATUS_MSG(akgl_sound_music_play_file(NULL, 1.0f, 0, &v), AKERR_NULLPOINTER,
                     "NULL path");
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/good.ogg", NAN, 0, &v), AKERR_VALUE,
                     "volume nan");
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/good.ogg", 5.0f, 0, &v), AKERR_VALUE,
                     "is not in 0..4");
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/good.ogg", 1.0f, -1, &v), AKERR_VALUE,
                     "fade of -1 ms");
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/missing.ogg", 1.0f, 0, &v), ENOENT,
                     "missing.ogg");
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX, 1.0f, 0, &v), EISDIR, FIX);
#ifdef TEST_NO_FIFOS
    printf("(%s: no FIFO row)\n", TEST_NO_FIFOS);
#else
    char fifo[PATH_MAX];
    unlink(FIX "/fifo.ogg");
    CHECK(test_fifo_make(FIX "/fifo.ogg", fifo) == 0);
    CHECK_STATUS_MSG(akgl_sound_music_play_file(fifo, 1.0f, 0, &v), AKERR_IO, "FIFO");
    test_fifo_remove(fifo);
#endif

    CHECK(fx_write_wav(FIX "/a.wav", 1, 48000, 480, fx_level, &level));
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/a.wav", 1.0f, 0, &v), AKERR_FORMAT,
                     "is not Ogg Vorbis: it begins with 52 49 46 46");
    write_text(FIX "/text.ogg", "hello, this is not a sound");
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/text.ogg", 1.0f, 0, &v), AKERR_FORMAT,
                     "text.ogg\" is not Ogg Vorbis");
    write_text(FIX "/empty.ogg", "");
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/empty.ogg", 1.0f, 0, &v), AKERR_FORMAT,
                     "(0 bytes)");
    CHECK(fx_truncate(FIX "/good.ogg", FIX "/header.ogg", 100));
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/header.ogg", 1.0f, 0, &v), AKERR_FORMAT,
                     "not a usable Ogg Vorbis file");
    CHECK(fx_write_ogg(FIX "/three.ogg", 3, 48000, 4800, fx_level, &level));
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/three.ogg", 1.0f, 0, &v), AKERR_VALUE,
                     "3 channels");
    memset(longpath, 'a', sizeof(longpath) - 1);
    longpath[sizeof(longpath) - 1] = '\0';
    CHECK_STATUS_MSG(akgl_sound_music_play_file(longpath, 1.0f, 0, &v), AKERR_OUTOFBOUNDS,
                     "the limit is 511");
    /* Outside the asset root. */
    CHECK_OK(akgl_file_set_root(FIX "/.."));
    CHECK_STATUS_MSG(akgl_sound_music_play_file("/etc/hostname", 1.0f, 0, &v), EACCES,
                     "outside the asset root");
    CHECK_OK(akgl_file_set_root(NULL));
    CHECK_INT_EQ(v, 1); /* untouched by a refusal */
    CHECK_INT_EQ(streams_open(), 0);
    CHECK_OK(akgl_sound_music_check()); /* a refusal is returned, not kept */
}

/* Damaged in its first audio page: refused by the open, not heard failing. */
static void test_bad_from_the_start(void)
{
    static const fx_tone tone = {0.5f, 440.0f, 48000};
    akgl_Voice v = 1;
    CHECK(fx_write_ogg(FIX "/early.ogg", 2, 48000, 48000, fx_cosine, &tone));
    long size = fx_file_size(FIX "/early.ogg");
    /* A steady tone: one page of audio after the headers, damaged here. */
    FILE *f = fopen(FIX "/early.ogg", "r+b");
    CHECK(f != NULL && size > 0);
    if (f != NULL) {
        for (long at = size / 2; at < size - 64; at += 512) {
            fseek(f, at, SEEK_SET);
            fputc(0xa5, f);
        }
        fclose(f);
    }
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/early.ogg", 1.0f, 0, &v), AKERR_FORMAT,
                     "early.ogg\" has no whole Ogg page of audio");
    CHECK_INT_EQ(v, 1);
    CHECK_INT_EQ(streams_open(), 0);
}

/* Every slot in use: the next open is refused, and nothing is lost. */
static void test_slots_full(void)
{
    static const fx_tone tone = {0.5f, 440.0f, 48000};
    akgl_SoundSource *held[AKGL_SOUND_MUSIC_STREAMS];
    akgl_SoundSource *extra = NULL;
    CHECK(fx_write_ogg(FIX "/slot.ogg", 1, 48000, 4800, fx_cosine, &tone));
    for (int i = 0; i < AKGL_SOUND_MUSIC_STREAMS; i++) {
        held[i] = NULL;
        CHECK_OK(akgl_sound_stream_open(FIX "/slot.ogg", &held[i]));
    }
    CHECK_INT_EQ(akgl_sound_streams_open(), AKGL_SOUND_MUSIC_STREAMS);
    CHECK_STATUS_MSG(akgl_sound_stream_open(FIX "/slot.ogg", &extra), AKERR_OUTOFBOUNDS,
                     "AKGL_SOUND_MUSIC_STREAMS (3)");
    CHECK_STATUS_MSG(akgl_sound_music_play_file(FIX "/slot.ogg", 1.0f, 0, NULL),
                     AKERR_OUTOFBOUNDS, "streamed tracks are open already");
    for (int i = 0; i < AKGL_SOUND_MUSIC_STREAMS; i++) {
        if (held[i] != NULL) {
            held[i]->close(held[i]);
        }
    }
    CHECK_INT_EQ(streams_open(), 0);
    /* And the music plays again: a cross-fade needs only two. */
    akgl_Voice a = AKGL_VOICE_NONE, b = AKGL_VOICE_NONE, c = AKGL_VOICE_NONE;
    CHECK_OK(akgl_sound_music_play_file(FIX "/slot.ogg", 1.0f, 100, &a));
    CHECK_OK(akgl_sound_music_play_file(FIX "/slot.ogg", 1.0f, 100, &b));
    CHECK_OK(akgl_sound_music_play_file(FIX "/slot.ogg", 1.0f, 100, &c));
    CHECK(streams_open() <= 2);
    CHECK_OK(akgl_sound_stop_all());
    CHECK_INT_EQ(streams_open(), 0);
}

int main(void)
{
    /* A device that plays (and reads the streams), heard by no one. */
    SDL_setenv_unsafe("SDL_AUDIO_DRIVER", "dummy", 1); /* before SDL reads it */
    AKGL_TEST_BEGIN();
    test_add_counter("music streams open", streams_open);
    RUN_TEST(test_refusals);
    RUN_TEST(test_bad_from_the_start);
    RUN_TEST(test_slots_full);
    RUN_TEST(test_ten_minutes_in_under_a_megabyte);
    return AKGL_TEST_END();
}
