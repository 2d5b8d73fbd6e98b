/*
 * Streamed music: an Ogg Vorbis file decoded a chunk at a time on the audio
 * thread, as the device asks, instead of whole when it loads
 * (docs/18-sound.md, "Streamed music").
 *
 * A stream is one of AKGL_SOUND_MUSIC_STREAMS fixed slots. Opening it (on
 * the game thread) allocates everything it will use: the file's
 * SDL_IOStream, vorbisfile's decoder state, and an SDL audio stream that
 * converts the file's rate and channels to the device's float stereo; the
 * first chunks are decoded once and the decoder rewound, so the buffers
 * libvorbis and libogg grow on first use are grown here. Reading (on the
 * audio thread, through the akgl_SoundSource the backend calls) decodes
 * AKGL_SOUND_STREAM_CHUNK_FRAMES frames at a time into the slot's own
 * buffer and passes them through the converter: no allocation, no lock but
 * the voice's SDL stream (which SDL holds around the callback). At the end
 * of the file it seeks back to frame 0 (ov_pcm_seek) in the same read, so
 * the loop has no gap.
 *
 * A file that turns bad while it plays (a corrupt page, a cut, a read
 * error, a sample that is not a finite number) fails its stream: the error
 * is logged once, from the audio thread, the voice ends, and the error waits
 * for akgl_sound_music_check on a game thread.
 *
 * Layer: assets. It calls down into the device (sound.c) through
 * akgl_sound_music_play_source and akgl_sound_reap; the device calls back
 * only through the source's two function pointers.
 */
#include <akgl/sound.h>

#include "fault_private.h"
#include "file_private.h"
#include "sound_load.h"
#include "sound_private.h"

#include <akgl/error.h>
#include <akstdlib.h>

#include <SDL3/SDL.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <vorbis/vorbisfile.h>

#define CHUNK AKGL_SOUND_STREAM_CHUNK_FRAMES

typedef struct Stream
{
    akgl_SoundSource source; /* first: the backend's handle is the slot */
    bool open;
    char path[AKGL_SOUND_MAX_PATH_LENGTH];
    FILE *fp;
    Sint64 filesize;
    SDL_IOStream *io;
    OggVorbis_File vf;
    bool vf_open;
    SDL_AudioStream *conv;
    int channels;
    int64_t total; /* frames the file's last page claims */
    int64_t frame; /* frames decoded since the start of the file (this pass) */
    bool opening; /* errors are returned by the open, not logged */
    bool failed;
    int status;
    char message[AKERR_MAX_ERROR_MESSAGE_LENGTH];
    float chunk[CHUNK * 2]; /* one decoded chunk, interleaved as the file has it */
} Stream;

static Stream streams[AKGL_SOUND_MUSIC_STREAMS];
/* Guards the slots' `open` and the failure kept for akgl_sound_music_check. */
static SDL_SpinLock slots_lock;
static struct
{
    bool set;
    int status;
    char message[AKERR_MAX_ERROR_MESSAGE_LENGTH];
} failure;

/* ------------------------------------------------------------------------ */
/* The file as an SDL_IOStream (regular, opened by aksl_fopen_regular)       */
/* ------------------------------------------------------------------------ */

static Sint64 SDLCALL io_size(void *userdata)
{
    return ((Stream *)userdata)->filesize;
}

static Sint64 SDLCALL io_seek(void *userdata, Sint64 offset, SDL_IOWhence whence)
{
    Stream *s = userdata;
    int how = whence == SDL_IO_SEEK_SET ? SEEK_SET : whence == SDL_IO_SEEK_CUR ? SEEK_CUR
                                                                               : SEEK_END;
    if (offset < LONG_MIN || offset > LONG_MAX || fseek(s->fp, (long)offset, how) != 0) {
        return -1;
    }
    return (Sint64)ftell(s->fp);
}

static size_t SDLCALL io_read(void *userdata, void *ptr, size_t size, SDL_IOStatus *status)
{
    Stream *s = userdata;
    size_t got = fread(ptr, 1, size, s->fp);
    if (got < size) {
        *status = ferror(s->fp) ? SDL_IO_STATUS_ERROR : SDL_IO_STATUS_EOF;
    }
    return got;
}

static bool SDLCALL io_close(void *userdata)
{
    Stream *s = userdata;
    bool ok = fclose(s->fp) == 0;
    s->fp = NULL;
    return ok;
}

/* vorbisfile reads through the SDL_IOStream. It takes a read that returns 0
 * with errno set for an error, and 0 with errno 0 for the end. */
static size_t ov_io_read(void *ptr, size_t size, size_t nmemb, void *src)
{
    SDL_IOStream *io = src;
    if (size == 0 || nmemb > SIZE_MAX / size) {
        return 0;
    }
    size_t got = SDL_ReadIO(io, ptr, size * nmemb);
    if (got == 0 && SDL_GetIOStatus(io) == SDL_IO_STATUS_ERROR) {
        errno = EIO;
    }
    return got / size;
}

static int ov_io_seek(void *src, ogg_int64_t offset, int whence)
{
    SDL_IOWhence how = whence == SEEK_SET ? SDL_IO_SEEK_SET : whence == SEEK_CUR ? SDL_IO_SEEK_CUR
                                                                                 : SDL_IO_SEEK_END;
    return SDL_SeekIO(src, (Sint64)offset, how) < 0 ? -1 : 0;
}

static long ov_io_tell(void *src)
{
    return (long)SDL_TellIO(src);
}

/* ------------------------------------------------------------------------ */
/* Reading, on the audio thread                                             */
/* ------------------------------------------------------------------------ */

/* Fails the stream: logged once (not while it opens: that error is
 * returned), kept for the game thread. Audio thread. */
static void stream_fail(Stream *s, int status, const char *fmt, ...) AKERR_PRINTF(3, 4);
static void stream_fail(Stream *s, int status, const char *fmt, ...)
{
    va_list ap;
    if (s->failed) {
        return;
    }
    s->failed = true;
    s->status = status;
    /* Formatted once in the stream's life: the stream stops here. */
    int used = snprintf(s->message, sizeof(s->message), "music \"%s\", frame %lld of the file: ",
                        s->path, (long long)s->frame);
    if (used > 0 && (size_t)used < sizeof(s->message)) {
        va_start(ap, fmt);
        vsnprintf(s->message + used, sizeof(s->message) - (size_t)used, fmt, ap);
        va_end(ap);
    }
    if (!s->opening) {
        akerr_log_method("akgl: the music stopped: %s", s->message);
    }
}

/* The end of the file: checked whole, then back to frame 0. Audio thread. */
static void end_of_file(Stream *s)
{
    ogg_int64_t end = ov_raw_tell(&s->vf);
    if (end != s->filesize) {
        stream_fail(s, AKERR_FORMAT, "truncated or damaged: the last whole Ogg page ends at "
                    "byte %lld of %lld", (long long)end, (long long)s->filesize);
        return;
    }
    if (s->frame != s->total) {
        stream_fail(s, AKERR_FORMAT, "the file ends after %lld frames, but its last Ogg page "
                    "claims %lld", (long long)s->frame, (long long)s->total);
        return;
    }
    int rc = ov_pcm_seek(&s->vf, 0);
    if (rc != 0) {
        stream_fail(s, AKERR_IO, "cannot seek back to the start to loop: %s",
                    akgl_sound_vorbis_error(rc));
        return;
    }
    s->frame = 0;
}

/* Decodes one chunk into the converter. Audio thread. */
static void decode_chunk(Stream *s)
{
    float **pcm = NULL;
    int section = 0;
    long n = ov_read_float(&s->vf, &pcm, CHUNK, &section);
    if (n < 0) {
        stream_fail(s, AKERR_FORMAT, "the Ogg Vorbis data is corrupt: %s",
                    akgl_sound_vorbis_error((int)n));
        return;
    }
    if (n == 0) {
        end_of_file(s);
        return;
    }
    if (n > CHUNK) {
        n = CHUNK;
    }
    const int ch = s->channels;
    for (long i = 0; i < n; i++) {
        for (int c = 0; c < ch; c++) {
            float v = pcm[c][i];
            if (!(fabsf(v) <= AKGL_SOUND_MAX_SAMPLE)) { /* NaN fails it too */
                stream_fail(s, AKERR_VALUE, "sample %ld of the chunk is %g; a sample must be a "
                            "finite number within +-%g (AKGL_SOUND_MAX_SAMPLE)", i, (double)v,
                            (double)AKGL_SOUND_MAX_SAMPLE);
                return;
            }
            s->chunk[i * ch + c] = v;
        }
    }
    s->frame += n;
    if (!SDL_PutAudioStreamData(s->conv, s->chunk, (int)(n * ch * (long)sizeof(float)))) {
        stream_fail(s, AKERR_API, "the converter refused %ld frames: %s", n,
                    SDL_GetError());
    }
}

/* The source's read (akgl_SoundSource): see sound_private.h. */
static int stream_read(akgl_SoundSource *src, float *out, int frames)
{
    Stream *s = (Stream *)src;
    const int frame_bytes = (int)(2 * sizeof(float));
    int made = 0;
    while (made < frames && !s->failed) {
        int avail = SDL_GetAudioStreamAvailable(s->conv);
        if (avail < frame_bytes) {
            decode_chunk(s); /* puts a chunk, loops, or fails: never nothing */
            continue;
        }
        int want = (frames - made) * frame_bytes;
        if (want > avail) {
            want = avail - avail % frame_bytes;
        }
        int got = SDL_GetAudioStreamData(s->conv, out + made * 2, want);
        if (got < frame_bytes) {
            stream_fail(s, AKERR_API, "the converter gave %d of %d bytes: %s", got, want,
                        SDL_GetError());
            break;
        }
        made += got / frame_bytes;
    }
    return made;
}

/* ------------------------------------------------------------------------ */
/* Opening and closing, on a game thread                                    */
/* ------------------------------------------------------------------------ */

/* Gives everything back; keeps the failure for akgl_sound_music_check. */
static void stream_release(Stream *s)
{
    if (s->vf_open) {
        ov_clear(&s->vf); /* its close callback is NULL: the IO stream is ours */
        s->vf_open = false;
    }
    if (s->io != NULL) {
        SDL_CloseIO(s->io); /* closes the FILE */
        s->io = NULL;
    } else if (s->fp != NULL) {
        fclose(s->fp);
    }
    s->fp = NULL;
    if (s->conv != NULL) {
        SDL_DestroyAudioStream(s->conv);
        s->conv = NULL;
    }
    SDL_LockSpinlock(&slots_lock);
    if (s->failed) {
        failure.set = true;
        failure.status = s->status;
        memcpy(failure.message, s->message, sizeof(failure.message));
    }
    s->failed = false;
    s->open = false;
    SDL_UnlockSpinlock(&slots_lock);
}

/* The source's close (akgl_SoundSource). */
static void stream_close(akgl_SoundSource *src)
{
    stream_release((Stream *)src);
}

static akerr_ErrorContext *claim_slot(const char *path, Stream **dest)
{
    PREPARE_ERROR(errctx);
    *dest = NULL;
    SDL_LockSpinlock(&slots_lock);
    for (int i = 0; i < AKGL_SOUND_MUSIC_STREAMS; i++) {
        if (!streams[i].open) {
            streams[i].open = true;
            *dest = &streams[i];
            break;
        }
    }
    SDL_UnlockSpinlock(&slots_lock);
    FAIL_ZERO_RETURN(errctx, *dest, AKERR_OUTOFBOUNDS, "music \"%s\": %d streamed tracks are "
                     "open already; at most AKGL_SOUND_MUSIC_STREAMS (%d) are", path,
                     AKGL_SOUND_MUSIC_STREAMS, AKGL_SOUND_MUSIC_STREAMS);
    SUCCEED_RETURN(errctx);
}

/* Opens the file of a claimed slot as an SDL_IOStream and refuses what is not Ogg. */
static akerr_ErrorContext *open_file(Stream *s, const char *label, const char *path,
                                     unsigned long failures)
{
    char resolved[AKGL_MAX_STRING_LENGTH];
    size_t len = 0;
    unsigned char head[4] = {0, 0, 0, 0};
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_file_resolve(label, path, resolved));
    FAIL_NONZERO_RETURN(errctx, akgl_fault_now(AKGL_FAULT_OPEN), EIO,
                        "%s: cannot open: injected fault", label);
    /* A regular file only: a FIFO would block the audio thread. No size
     * cap: the file is never held whole. */
    akerr_ErrorContext *opened = aksl_fopen_regular(resolved, SIZE_MAX, &s->fp, &len);
    if (opened != NULL) {
        return akerr_trace_append(akerr_prefix_message(opened, "%s", label), __FILE__, __func__,
                                  __LINE__);
    }
    s->filesize = (Sint64)len;
    SDL_IOStreamInterface iface;
    SDL_INIT_INTERFACE(&iface);
    iface.size = io_size;
    iface.seek = io_seek;
    iface.read = io_read;
    iface.close = io_close;
    s->io = SDL_OpenIO(&iface, s);
    if (s->io == NULL) {
        FAIL_NONZERO_RETURN(errctx, akgl_alloc_failed_since(failures), ENOMEM,
                            "%s: out of memory opening the file", label);
        FAIL_RETURN(errctx, AKERR_API, "%s: cannot open the file: %s", label, SDL_GetError());
    }
    FAIL_NONZERO_RETURN(errctx, akgl_fault_now(AKGL_FAULT_READ), EIO,
                        "%s: cannot read: injected fault", label);
    size_t got = SDL_ReadIO(s->io, head, sizeof(head));
    if (got != sizeof(head) || memcmp(head, "OggS", 4) != 0) {
        FAIL_RETURN(errctx, AKERR_FORMAT, "%s is not Ogg Vorbis: it begins with %02x %02x %02x "
                    "%02x (%zu bytes); streamed music is Ogg Vorbis only (a WAV file plays "
                    "with akgl_sound_load and akgl_sound_music_play)", label, head[0], head[1],
                    head[2], head[3], len);
    }
    FAIL_NONZERO_RETURN(errctx, SDL_SeekIO(s->io, 0, SDL_IO_SEEK_SET) != 0, AKERR_IO,
                        "%s: cannot seek to the start: %s", label, SDL_GetError());
    SUCCEED_RETURN(errctx);
}

/* Opens the Vorbis stream of an open file: one stream, a usable spec, a length. */
static akerr_ErrorContext *open_vorbis(Stream *s, const char *label, unsigned long failures)
{
    const ov_callbacks callbacks = {ov_io_read, ov_io_seek, NULL, ov_io_tell};
    PREPARE_ERROR(errctx);
    int rc = ov_open_callbacks(s->io, &s->vf, NULL, 0, callbacks);
    if (rc != 0) {
        /* libvorbis reports a failed malloc while reading the headers as
         * OV_ENOTVORBIS or OV_EBADHEADER, the file's fault: errno says. */
        FAIL_NONZERO_RETURN(errctx, akgl_alloc_failed_since(failures), ENOMEM,
                            "%s: out of memory reading the Ogg Vorbis headers", label);
        FAIL_RETURN(errctx, AKERR_FORMAT, "%s: not a usable Ogg Vorbis file: %s", label,
                    akgl_sound_vorbis_error(rc));
    }
    s->vf_open = true;
    FAIL_NONZERO_RETURN(errctx, ov_streams(&s->vf) != 1, AKERR_FORMAT,
                        "%s: %ld chained Vorbis streams; one is supported", label,
                        ov_streams(&s->vf));
    FAIL_ZERO_RETURN(errctx, ov_seekable(&s->vf), AKERR_FORMAT,
                     "%s: the file cannot be seeked in, so it cannot loop", label);
    vorbis_info *info = ov_info(&s->vf, -1);
    FAIL_ZERO_RETURN(errctx, info, AKERR_FORMAT, "%s: no Vorbis stream info", label);
    PASS(errctx, akgl_sound_check_spec(s->path, info->channels, (int)info->rate));
    s->channels = info->channels;
    s->total = (int64_t)ov_pcm_total(&s->vf, -1);
    FAIL_NONZERO_RETURN(errctx, s->total < 0, AKERR_FORMAT, "%s: the length cannot be read: %s",
                        label, akgl_sound_vorbis_error((int)s->total));
    FAIL_NONZERO_RETURN(errctx, s->total == 0, AKERR_FORMAT, "%s has no whole Ogg page of "
                        "audio: it has no samples, or is cut or damaged", label);
    SDL_AudioSpec from = {SDL_AUDIO_F32, info->channels, (int)info->rate};
    SDL_AudioSpec to = {SDL_AUDIO_F32, 2, akgl_sound_rate()};
    s->conv = SDL_CreateAudioStream(&from, &to);
    if (s->conv == NULL) {
        FAIL_NONZERO_RETURN(errctx, akgl_alloc_failed_since(failures), ENOMEM,
                            "%s: out of memory making its converter", label);
        FAIL_RETURN(errctx, AKERR_API, "%s: cannot convert %d Hz, %d channels to %d Hz stereo: "
                    "%s", label, (int)info->rate, info->channels, akgl_sound_rate(),
                    SDL_GetError());
    }
    SUCCEED_RETURN(errctx);
}

/*
 * Decodes the first chunks and converts them, then rewinds and empties the
 * converter: what libvorbis, libogg and SDL grow on first use is grown here,
 * on the game thread, and a file bad from its first audio page is refused
 * here, not heard failing.
 */
static akerr_ErrorContext *prime(Stream *s, const char *label, unsigned long failures)
{
    float sink[CHUNK * 2]; /* what the converter gives back is dropped */
    PREPARE_ERROR(errctx);
    for (int i = 0; i < 4 && !s->failed; i++) {
        decode_chunk(s);
        while (!s->failed && SDL_GetAudioStreamData(s->conv, sink, (int)sizeof(sink)) > 0) {
        }
    }
    /* Told here, not again at akgl_sound_music_check. */
    bool failed = s->failed;
    s->failed = false;
    FAIL_NONZERO_RETURN(errctx, akgl_alloc_failed_since(failures), ENOMEM,
                        "%s: out of memory decoding its first chunks", label);
    FAIL_NONZERO_RETURN(errctx, failed, s->status, "%s", s->message);
    FAIL_ZERO_RETURN(errctx, SDL_ClearAudioStream(s->conv), AKERR_API, "%s: %s", label,
                     SDL_GetError());
    int rc = ov_pcm_seek(&s->vf, 0);
    FAIL_NONZERO_RETURN(errctx, rc != 0 && akgl_alloc_failed_since(failures), ENOMEM,
                        "%s: out of memory seeking back to the start", label);
    FAIL_NONZERO_RETURN(errctx, rc != 0, AKERR_FORMAT, "%s: cannot seek back to the start: %s",
                        label, akgl_sound_vorbis_error(rc));
    s->frame = 0;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_stream_open(const char *path, akgl_SoundSource **dest)
{
    Stream *s = NULL;
    char label[AKGL_SOUND_MAX_PATH_LENGTH + 16];
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_sound_music_play_file: NULL path");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER,
                     "akgl_sound_music_play_file: NULL destination");
    if (strlen(path) >= AKGL_SOUND_MAX_PATH_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "music: the path is %zu bytes; the limit is %d",
                    strlen(path), AKGL_SOUND_MAX_PATH_LENGTH - 1);
    }
    snprintf(label, sizeof(label), "music \"%s\"", path);
    PASS(errctx, claim_slot(path, &s));
    FAIL_ZERO_RETURN(errctx, s, AKERR_BEHAVIOR, "%s: no stream slot", label);
    unsigned long failures = akgl_alloc_mark();
    memcpy(s->path, path, strlen(path) + 1);
    s->fp = NULL;
    s->io = NULL;
    s->conv = NULL;
    s->vf_open = false;
    s->failed = false;
    s->opening = true;
    s->frame = 0;
    s->source.read = stream_read;
    s->source.close = stream_close;
    ATTEMPT {
        CATCH(errctx, open_file(s, label, path, failures));
        CATCH(errctx, open_vorbis(s, label, failures));
        CATCH(errctx, prime(s, label, failures));
    } CLEANUP {
        if (errctx != NULL) {
            stream_release(s);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    *dest = &s->source;
    s->opening = false;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_music_play_file(const char *path, float volume, int fade_ms,
                                               akgl_Voice *dest)
{
    akgl_SoundSource *src = NULL;
    bool taken = false;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_sound_music_play_file: NULL path");
    if (!(volume >= 0.0f && volume <= AKGL_SOUND_MAX_VOLUME)) { /* NaN fails both */
        FAIL_RETURN(errctx, AKERR_VALUE, "akgl_sound_music_play_file: music \"%s\": volume %g "
                    "is not in 0..%g", path, (double)volume, (double)AKGL_SOUND_MAX_VOLUME);
    }
    FAIL_NONZERO_RETURN(errctx, fade_ms < 0, AKERR_VALUE, "akgl_sound_music_play_file: music "
                        "\"%s\": fade of %d ms is negative", path, fade_ms);
    /* Tracks that ended give their slots back first. */
    akgl_sound_reap();
    PASS(errctx, akgl_sound_stream_open(path, &src));
    akerr_ErrorContext *played = akgl_sound_music_play_source(src, ((Stream *)src)->path, volume,
                                                              fade_ms, dest, &taken);
    if (!taken) {
        stream_release((Stream *)src); /* no device: checked, and given back */
    }
    PASS(errctx, played);
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_music_check(void)
{
    int status = 0;
    char message[AKERR_MAX_ERROR_MESSAGE_LENGTH] = "";
    PREPARE_ERROR(errctx);
    akgl_sound_reap();
    SDL_LockSpinlock(&slots_lock);
    if (failure.set) {
        status = failure.status;
        memcpy(message, failure.message, sizeof(message));
        failure.set = false;
    }
    SDL_UnlockSpinlock(&slots_lock);
    FAIL_NONZERO_RETURN(errctx, status != 0, status, "%s", message);
    SUCCEED_RETURN(errctx);
}

int akgl_sound_streams_open(void)
{
    int n = 0;
    SDL_LockSpinlock(&slots_lock);
    for (int i = 0; i < AKGL_SOUND_MUSIC_STREAMS; i++) {
        n += streams[i].open ? 1 : 0;
    }
    SDL_UnlockSpinlock(&slots_lock);
    return n;
}
