/*
 * Sounds: the pool layer, the registry, decoding WAV (SDL) and Ogg Vorbis
 * (libvorbisfile) into the device's format, and the sound-bank loader.
 *
 * A sound is decoded and converted completely before a slot is claimed, so
 * a bad file costs no slot; what is claimed is released on a later failure.
 * Layer: assets: it calls down into the device (sound.c) for the rate, the
 * converter and stopping a released sound's voices.
 */
#include <akgl/sound.h>

#include "heap_pool.h"
#include "object.h"
#include "fault_private.h"
#include "file_private.h"
#include "sound_load.h"
#include "watch_private.h"
#include "sound_private.h"

#include <akgl/error.h>
#include <akgl/heap.h>
#include <akgl/json.h>
#include <akgl/registry.h>
#include <akstdlib.h>

#include <SDL3/SDL.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <vorbis/vorbisfile.h>

/* Bytes of one float stereo frame. */
#define FRAME_BYTES_STEREO ((int)(2 * sizeof(float)))

static void converter_release_if_unused(void);

AKGL_HEAP_POOL(akgl_heap_pool_sound, akgl_Sound, akgl_heap_sounds);

/* ------------------------------------------------------------------------ */
/* The pool                                                                 */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_heap_next_sound(akgl_Sound **dest)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_heap_acquire(AKGL_HEAP_SOUND, (void **)dest));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_heap_release_sound(akgl_Sound *obj)
{
    akerr_ErrorContext *first = NULL;
    bool teardown = false;
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_heap_release_begin(AKGL_HEAP_SOUND, obj, obj ? obj->name : "", false,
                                         &teardown));
    if (!teardown) {
        SUCCEED_RETURN(errctx);
    }
    /* No voice may read the samples once they are freed. */
    akgl_sound_stop_voices_of(obj);
    if (obj->name[0] != '\0') {
        akgl_object_keep_first(&first, akgl_registry_remove(AKGL_REGISTRY_SOUND, "sound",
                                                            obj->name, obj));
    }
    SDL_free(obj->samples);
    obj->samples = NULL;
    akgl_heap_release_end(AKGL_HEAP_SOUND, obj);
    converter_release_if_unused();
    return first;
}

akerr_ErrorContext *akgl_sound_release_any(void *obj)
{
    return akgl_heap_release_sound(obj);
}

akerr_ErrorContext *akgl_sound_get(const char *name, akgl_Sound **dest)
{
    void *found = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_sound_get: NULL name");
    FAIL_ZERO_RETURN(errctx, dest, AKERR_NULLPOINTER, "akgl_sound_get: NULL destination");
    *dest = NULL;
    PASS(errctx, akgl_registry_require(AKGL_REGISTRY_SOUND, "sound", name, &found));
    *dest = found;
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_play_named(const char *name, float volume, float pan,
                                          akgl_Voice *dest)
{
    akgl_Sound *sound = NULL;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_sound_play_named: NULL name");
    PASS(errctx, akgl_sound_get(name, &sound));
    PASS(errctx, akgl_sound_play(sound, volume, pan, dest));
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Decoding                                                                 */
/* ------------------------------------------------------------------------ */

/* What a decoder hands on: samples as the file has them, before conversion. */
typedef struct Decoded
{
    SDL_AudioSpec spec;
    Uint8 *data; /* SDL_malloc'd */
    int len;     /* bytes */
} Decoded;

/* The channel count: refused with the value and the limit. */
static akerr_ErrorContext *check_channels(const char *path, int channels)
{
    PREPARE_ERROR(errctx);
    if (channels < 1 || channels > 2) {
        FAIL_RETURN(errctx, AKERR_VALUE, "sound \"%s\": %d channels; a sound has 1 or 2", path,
                    channels);
    }
    SUCCEED_RETURN(errctx);
}

/* Channel count and rate: refused with the value and the limit. */
static akerr_ErrorContext *check_spec(const char *path, int channels, int rate)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, check_channels(path, channels));
    if (rate < AKGL_SOUND_MIN_RATE || rate > AKGL_SOUND_MAX_RATE) {
        FAIL_RETURN(errctx, AKERR_VALUE, "sound \"%s\": sample rate %d Hz is outside %d..%d",
                    path, rate, AKGL_SOUND_MIN_RATE, AKGL_SOUND_MAX_RATE);
    }
    SUCCEED_RETURN(errctx);
}

/*
 * A float file's samples must be numbers a voice can play: NaN or infinity
 * (or a finite value large enough to overflow once volumes multiply it)
 * would make the mixed output NaN for as long as the sound plays, and a
 * sum with NaN silences or deafens every other voice too. Refused rather
 * than cleaned: such a file is damaged or made to harm, and a loader that
 * quietly rewrites samples would hide it. Integer formats cannot hold such
 * values; Vorbis decodes to float, so a hostile Ogg is checked here too.
 */
static akerr_ErrorContext *check_samples(const char *path, const Decoded *dec)
{
    PREPARE_ERROR(errctx);
    if (dec->spec.format != SDL_AUDIO_F32 || dec->data == NULL) {
        SUCCEED_RETURN(errctx);
    }
    const float *s = (const float *)dec->data;
    size_t n = (size_t)dec->len / sizeof(float);
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(fabsf(s[i]) <= AKGL_SOUND_MAX_SAMPLE)) { /* NaN fails it too */
            if (bad++ == 0) {
                first = i;
            }
        }
    }
    if (bad > 0) {
        int channels = dec->spec.channels > 0 ? dec->spec.channels : 1;
        FAIL_RETURN(errctx, AKERR_VALUE, "sound \"%s\": sample %zu (frame %zu, channel %zu) is "
                    "%g; a sample must be a finite number within +-%g (AKGL_SOUND_MAX_SAMPLE), "
                    "and %zu of the %zu samples are not", path, first,
                    first / (size_t)channels, first % (size_t)channels, (double)s[first],
                    (double)AKGL_SOUND_MAX_SAMPLE, bad, n);
    }
    SUCCEED_RETURN(errctx);
}

/* Refuses a sound longer than AKGL_SOUND_MAX_SECONDS before it is converted. */
static akerr_ErrorContext *check_length(const char *path, int64_t frames, int rate)
{
    PREPARE_ERROR(errctx);
    FAIL_NONZERO_RETURN(errctx, frames <= 0, AKERR_VALUE, "sound \"%s\" has no samples", path);
    if (frames / rate >= AKGL_SOUND_MAX_SECONDS) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS,
                    "sound \"%s\" is %lld s long; the longest is %d s (AKGL_SOUND_MAX_SECONDS)",
                    path, (long long)(frames / rate), AKGL_SOUND_MAX_SECONDS);
    }
    SUCCEED_RETURN(errctx);
}

/*
 * The channel count a WAV file's fmt chunk declares; false when there is no
 * fmt chunk to read it from. Only for naming the value in a refusal: SDL
 * refuses 0 channels (and more than 2 of ADPCM) as "Invalid number of
 * channels", without the number. SDL has decoded, or refused, the file
 * before this runs; this walks the RIFF chunk headers, nothing more.
 */
static bool wav_declared_channels(const unsigned char *data, size_t size, int *dest)
{
    size_t at = 12; /* after "RIFF", the RIFF size and "WAVE" */
    while (at + 8 <= size) {
        uint32_t len = (uint32_t)data[at + 4] | (uint32_t)data[at + 5] << 8
                       | (uint32_t)data[at + 6] << 16 | (uint32_t)data[at + 7] << 24;
        if (memcmp(&data[at], "fmt ", 4) == 0) {
            if (len < 4 || at + 8 + 4 > size) {
                return false;
            }
            *dest = data[at + 10] | data[at + 11] << 8; /* after wFormatTag */
            return true;
        }
        if (len > size - at - 8) {
            return false;
        }
        at += 8 + (size_t)len + (len & 1); /* chunks are padded to an even length */
    }
    return false;
}

static akerr_ErrorContext *decode_wav(const char *path, const unsigned char *data, size_t size,
                                      Decoded *out)
{
    Uint32 len = 0;
    PREPARE_ERROR(errctx);
    /* SDL accepts a WAV whose data chunk is cut short unless told to be
     * strict; a truncated file is an error here. A game that set the hint
     * itself keeps its own choice. */
    bool strict = SDL_GetHint(SDL_HINT_WAVE_TRUNCATION) == NULL;
    if (strict) {
        SDL_SetHint(SDL_HINT_WAVE_TRUNCATION, "strict");
    }
    unsigned long failures = akgl_alloc_mark();
    /* From the bytes read_file checked and read: SDL never opens the path. */
    SDL_IOStream *io = SDL_IOFromConstMem(data, size);
    bool ok = io != NULL && SDL_LoadWAV_IO(io, true, &out->spec, &out->data, &len);
    if (strict) {
        SDL_ResetHint(SDL_HINT_WAVE_TRUNCATION);
    }
    /* SDL says "Out of memory" or worse ("Could not read data of WAVE fmt
     * chunk") when an allocation failed: the watch knows which it was. */
    FAIL_NONZERO_RETURN(errctx, !ok && akgl_alloc_failed_since(failures), ENOMEM,
                        "sound \"%s\": out of memory while reading the WAV file", path);
    int channels = 0;
    if (!ok && wav_declared_channels(data, size, &channels)) {
        /* A refused channel count gets the value and the limit, as a count
         * SDL accepts but we do not (3 and more) does below. */
        PASS(errctx, check_channels(path, channels));
    }
    FAIL_ZERO_RETURN(errctx, ok, AKERR_FORMAT, "sound \"%s\": not a usable WAV file: %s", path,
                     SDL_GetError());
    out->len = (int)len;
    SUCCEED_RETURN(errctx);
}

static const char *vorbis_error(int code)
{
    switch (code) {
    case OV_EREAD: return "read error (OV_EREAD)";
    case OV_ENOTVORBIS: return "not Vorbis data (OV_ENOTVORBIS)";
    case OV_EVERSION: return "Vorbis version mismatch (OV_EVERSION)";
    case OV_EBADHEADER: return "invalid Vorbis header (OV_EBADHEADER)";
    case OV_EFAULT: return "internal decoder fault (OV_EFAULT)";
    case OV_HOLE: return "data missing or corrupt (OV_HOLE)";
    case OV_EBADLINK: return "invalid stream section (OV_EBADLINK)";
    case OV_EINVAL: return "invalid argument (OV_EINVAL)";
    default: return "decoder error";
    }
}

/*
 * Frames the decode buffer starts with. The length an Ogg file states (its
 * last page's granule position) is only a claim: a file of a few kilobytes
 * can claim ten minutes at 384 kHz, 1.84 GB of floats. So the buffer is
 * sized by what decodes, starting here and doubling, and never past the
 * claim (which check_length has held to AKGL_SOUND_MAX_SECONDS).
 */
#define VORBIS_FIRST_FRAMES 65536

/* Makes room for `need` frames in *dst (of *cap frames), growing towards `total`. */
static akerr_ErrorContext *vorbis_room(const char *path, float **dst, int64_t *cap, int64_t need,
                                       int64_t total, int channels)
{
    PREPARE_ERROR(errctx);
    if (need <= *cap) {
        SUCCEED_RETURN(errctx);
    }
    int64_t grown = *cap > 0 ? *cap * 2 : VORBIS_FIRST_FRAMES;
    if (grown < need) {
        grown = need;
    }
    if (grown > total) {
        grown = total;
    }
    size_t bytes = (size_t)grown * (size_t)channels * sizeof(float);
    float *bigger = SDL_realloc(*dst, bytes);
    FAIL_ZERO_RETURN(errctx, bigger, ENOMEM, "sound \"%s\": out of memory for %zu bytes: %s",
                     path, bytes, SDL_GetError());
    *dst = bigger;
    *cap = grown;
    SUCCEED_RETURN(errctx);
}

/* Reads frames into *dst (grown as they come) until the end or `total`. */
static akerr_ErrorContext *vorbis_read_all(const char *path, OggVorbis_File *vf, int channels,
                                           int64_t total, unsigned long failures, float **dst,
                                           int64_t *got)
{
    int64_t cap = 0;
    int section = 0;
    PREPARE_ERROR(errctx);
    while (*got < total) {
        float **pcm = NULL;
        long n = ov_read_float(vf, &pcm, 4096, &section);
        if (n == 0) {
            break;
        }
        /* libvorbis ends a packet it had no memory for with OV_EFAULT (our
         * patch, tools/patches/libvorbis); errno says. */
        FAIL_NONZERO_RETURN(errctx, n < 0 && akgl_alloc_failed_since(failures), ENOMEM,
                            "sound \"%s\": out of memory decoding Ogg Vorbis at frame %lld",
                            path, (long long)*got);
        FAIL_NONZERO_RETURN(errctx, n < 0, AKERR_FORMAT, "sound \"%s\": Ogg Vorbis data is "
                            "corrupt at frame %lld: %s", path, (long long)*got,
                            vorbis_error((int)n));
        if (n > total - *got) {
            n = (long)(total - *got);
        }
        PASS(errctx, vorbis_room(path, dst, &cap, *got + n, total, channels));
        for (long i = 0; i < n; i++) {
            for (int c = 0; c < channels; c++) {
                (*dst)[(*got + i) * channels + c] = pcm[c][i];
            }
        }
        *got += n;
    }
    SUCCEED_RETURN(errctx);
}

/* Decodes every frame of an open Vorbis file into interleaved floats. */
static akerr_ErrorContext *decode_vorbis_frames(const char *path, OggVorbis_File *vf,
                                                int channels, int64_t total, Decoded *out)
{
    float *dst = NULL;
    int64_t got = 0;
    unsigned long failures = akgl_alloc_mark();
    PREPARE_ERROR(errctx);
    ATTEMPT {
        CATCH(errctx, vorbis_read_all(path, vf, channels, total, failures, &dst, &got));
        /* A stream that ends early because memory ran out (libogg drops a
         * page it cannot store) is ENOMEM, not a file that lies. */
        FAIL_NONZERO_BREAK(errctx, got < total && akgl_alloc_failed_since(failures), ENOMEM,
                           "sound \"%s\": out of memory decoding Ogg Vorbis at frame %lld",
                           path, (long long)got);
        /* Every page is whole (ogg_whole_pages), so fewer frames than the
         * last page's granule position says is a file that lies about its
         * length, or a stream that ends early. */
        FAIL_NONZERO_BREAK(errctx, got < total, AKERR_FORMAT, "sound \"%s\": its last Ogg page "
                           "claims %lld frames, but %lld decode", path, (long long)total,
                           (long long)got);
    } CLEANUP {
    } PROCESS(errctx) {
        SDL_free(dst);
    } FINISH(errctx, true);
    out->spec = (SDL_AudioSpec){SDL_AUDIO_F32, channels, 0};
    out->data = (Uint8 *)dst;
    out->len = (int)((size_t)total * (size_t)channels * sizeof(float));
    SUCCEED_RETURN(errctx);
}

/*
 * Where the run of whole Ogg pages from the start of the file ends: each
 * page is "OggS", a 27-byte header whose last byte counts the lacing values
 * that follow, and a body as long as they add up to. Stops at the first
 * page that runs past the end of the file, or at bytes that are no page.
 * Reads headers only; decodes nothing.
 */
static size_t ogg_whole_pages(const unsigned char *data, size_t size, bool *cut)
{
    size_t at = 0;
    *cut = false;
    while (at < size) {
        size_t left = size - at;
        if (memcmp(data + at, "OggS", left < 4 ? left : 4) != 0) {
            return at; /* not a page: vorbisfile resyncs past it, or refuses it */
        }
        if (left < 27 || left < 27 + (size_t)data[at + 26]) {
            *cut = true;
            return at;
        }
        size_t nseg = data[at + 26];
        size_t body = 0;
        for (size_t i = 0; i < nseg; i++) {
            body += data[at + 27 + i];
        }
        if (left < 27 + nseg + body) {
            *cut = true;
            return at;
        }
        at += 27 + nseg + body;
    }
    return at;
}

/* vorbisfile reads the file's bytes from memory (ov_open_callbacks). */
typedef struct MemSource
{
    const unsigned char *data;
    size_t size, pos;
} MemSource;

static size_t mem_read(void *ptr, size_t size, size_t nmemb, void *src)
{
    MemSource *m = src;
    size_t want = size * nmemb;
    size_t left = m->size - m->pos;
    if (size == 0 || want / size != nmemb) {
        return 0;
    }
    if (want > left) {
        want = left - left % size;
    }
    memcpy(ptr, m->data + m->pos, want);
    m->pos += want;
    return want / size;
}

static int mem_seek(void *src, ogg_int64_t offset, int whence)
{
    MemSource *m = src;
    ogg_int64_t base = whence == SEEK_SET ? 0
                     : whence == SEEK_CUR ? (ogg_int64_t)m->pos
                     : whence == SEEK_END ? (ogg_int64_t)m->size
                     : -1;
    if (base < 0 || offset < -base || offset > (ogg_int64_t)m->size - base) {
        return -1;
    }
    m->pos = (size_t)(base + offset);
    return 0;
}

static long mem_tell(void *src)
{
    return (long)((MemSource *)src)->pos;
}

static akerr_ErrorContext *decode_ogg(const char *path, const unsigned char *data, size_t size,
                                      Decoded *out)
{
    OggVorbis_File vf;
    MemSource src = {data, size, 0};
    const ov_callbacks callbacks = {mem_read, mem_seek, NULL, mem_tell};
    int64_t filesize = (int64_t)size;
    bool cut = false;
    PREPARE_ERROR(errctx);
    /* A page cut short by the end of the file is a truncated file, said as
     * such before anything decodes: vorbisfile would stop quietly at the
     * last whole page, and a file cut inside its only audio page would look
     * like one with no samples. */
    size_t whole = ogg_whole_pages(data, size, &cut);
    if (cut) {
        FAIL_RETURN(errctx, AKERR_FORMAT, "sound \"%s\": truncated: the last whole Ogg page ends "
                    "at byte %zu of %zu", path, whole, size);
    }
    unsigned long failures = akgl_alloc_mark();
    int rc = ov_open_callbacks(&src, &vf, NULL, 0, callbacks);
    if (rc != 0) {
        /* libvorbis reports a failed malloc while reading the headers as
         * OV_ENOTVORBIS or OV_EBADHEADER, the file's fault: errno says. */
        FAIL_NONZERO_RETURN(errctx, akgl_alloc_failed_since(failures), ENOMEM,
                            "sound \"%s\": out of memory reading the Ogg Vorbis headers", path);
        FAIL_RETURN(errctx, AKERR_FORMAT, "sound \"%s\": not a usable Ogg Vorbis file: %s", path,
                    vorbis_error(rc));
    }
    ATTEMPT {
        FAIL_NONZERO_BREAK(errctx, ov_streams(&vf) != 1, AKERR_FORMAT,
                           "sound \"%s\": %ld chained Vorbis streams; one is supported", path,
                           ov_streams(&vf));
        vorbis_info *info = ov_info(&vf, -1);
        FAIL_ZERO_BREAK(errctx, info, AKERR_FORMAT, "sound \"%s\": no Vorbis stream info", path);
        CATCH(errctx, check_spec(path, info->channels, (int)info->rate));
        ogg_int64_t total = ov_pcm_total(&vf, -1);
        FAIL_NONZERO_BREAK(errctx, total < 0, AKERR_FORMAT,
                           "sound \"%s\": the length cannot be read: %s", path,
                           vorbis_error((int)total));
        CATCH(errctx, check_length(path, total, (int)info->rate));
        CATCH(errctx, decode_vorbis_frames(path, &vf, info->channels, total, out));
        out->spec.freq = (int)info->rate;
        /* vorbisfile ends quietly at the last whole page; bytes after it are
         * a page cut short (or junk), which we refuse. */
        ogg_int64_t end = ov_raw_tell(&vf);
        if (end != filesize) {
            SDL_free(out->data);
            out->data = NULL;
            FAIL_BREAK(errctx, AKERR_FORMAT, "sound \"%s\": truncated: the last whole Ogg page "
                       "ends at byte %lld of %lld", path, (long long)end, (long long)filesize);
        }
    } CLEANUP {
        ov_clear(&vf);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* Which decoder: by the first bytes, so a misnamed file still loads. */
static akerr_ErrorContext *sniff(const char *path, const unsigned char *head, size_t n,
                                 bool *wav)
{
    PREPARE_ERROR(errctx);
    if (n >= 12 && memcmp(head, "RIFF", 4) == 0 && memcmp(head + 8, "WAVE", 4) == 0) {
        *wav = true;
        SUCCEED_RETURN(errctx);
    }
    if (n >= 4 && memcmp(head, "OggS", 4) == 0) {
        *wav = false;
        SUCCEED_RETURN(errctx);
    }
    FAIL_RETURN(errctx, AKERR_FORMAT,
                "sound \"%s\" is neither WAV (RIFF/WAVE) nor Ogg Vorbis (OggS): it begins with "
                "%02x %02x %02x %02x (%zu bytes)", path, n > 0 ? head[0] : 0,
                n > 1 ? head[1] : 0, n > 2 ? head[2] : 0, n > 3 ? head[3] : 0, n);
}

/* The whole sound file: a regular file of at most AKGL_SOUND_MAX_FILE_SIZE. */
static akerr_ErrorContext *read_file(const char *path, unsigned char **data, size_t *size)
{
    char label[AKGL_SOUND_MAX_PATH_LENGTH + 16];
    PREPARE_ERROR(errctx);
    snprintf(label, sizeof(label), "sound \"%s\"", path);
    PASS(errctx, akgl_file_read_whole(label, path, AKGL_SOUND_MAX_FILE_SIZE,
                                      "AKGL_SOUND_MAX_FILE_SIZE", data, size));
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Conversion                                                               */
/* ------------------------------------------------------------------------ */

/*
 * The converter itself is sound.c's (an SDL audio stream, kept with the
 * device: akgl_sound_convert). How long it lives is decided here: while a
 * sound does, made by the first conversion after no sound was loaded, given
 * back with the last sound released (docs/19-reliability.md).
 */
static void converter_release_if_unused(void)
{
    int n = 1;
    if (akgl_heap_in_use(AKGL_HEAP_SOUND, &n) == NULL && n == 0) {
        akgl_sound_converter_release();
    }
}

/* Decodes `path` and converts it to float stereo at `rate`: *samples, *frames. */
static akerr_ErrorContext *decode_file(const char *path, int rate, float **samples,
                                       int64_t *frames)
{
    Decoded dec;
    bool wav = false;
    unsigned char *file = NULL;
    size_t filesize = 0;
    Uint8 *converted = NULL;
    int convlen = 0;
    PREPARE_ERROR(errctx);

    memset(&dec, 0, sizeof(dec));
    /* Read once, then decoded from memory: the decoders never open the path
     * (so never block on a FIFO), and the size is capped before a byte is read. */
    PASS(errctx, read_file(path, &file, &filesize));
    ATTEMPT {
        CATCH(errctx, sniff(path, file, filesize, &wav));
        if (wav) {
            CATCH(errctx, decode_wav(path, file, filesize, &dec));
        } else {
            CATCH(errctx, decode_ogg(path, file, filesize, &dec));
        }
    } CLEANUP {
        SDL_free(file);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    ATTEMPT {
        CATCH(errctx, check_spec(path, dec.spec.channels, dec.spec.freq));
        int64_t in_frames = dec.len / SDL_AUDIO_FRAMESIZE(dec.spec);
        CATCH(errctx, check_length(path, in_frames, dec.spec.freq));
        CATCH(errctx, check_samples(path, &dec));
        /* Once, here: playing never converts. */
        CATCH(errctx, akgl_sound_convert(path, &dec.spec, dec.data, dec.len, rate,
                                         &converted, &convlen));
        FAIL_NONZERO_BREAK(errctx, convlen < FRAME_BYTES_STEREO, AKERR_VALUE,
                           "sound \"%s\" is too short to play at %d Hz", path, rate);
        *samples = (float *)converted;
        *frames = convlen / FRAME_BYTES_STEREO;
        converted = NULL;
    } CLEANUP {
        SDL_free(dec.data);
        SDL_free(converted);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* Loading one sound                                                        */
/* ------------------------------------------------------------------------ */

static akerr_ErrorContext *check_volume(const char *path, float volume)
{
    PREPARE_ERROR(errctx);
    if (!(volume >= 0.0f && volume <= AKGL_SOUND_MAX_VOLUME)) { /* NaN fails both */
        FAIL_RETURN(errctx, AKERR_VALUE, "sound \"%s\": volume %g is not in 0..%g", path,
                    (double)volume, (double)AKGL_SOUND_MAX_VOLUME);
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_load(const char *name, const char *path, float volume, bool loop,
                                    akgl_Sound **dest)
{
    float *samples = NULL;
    int64_t frames = 0;
    akgl_Sound *snd = NULL;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, name, AKERR_NULLPOINTER, "akgl_sound_load: NULL name");
    FAIL_ZERO_RETURN(errctx, path, AKERR_NULLPOINTER, "akgl_sound_load: NULL path for \"%s\"",
                     name);
    PASS(errctx, akgl_object_check_name(name, AKGL_SOUND_MAX_NAME_LENGTH, "sound"));
    if (strlen(path) >= AKGL_SOUND_MAX_PATH_LENGTH) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "sound \"%s\": the path is %zu bytes; the limit "
                    "is %d", name, strlen(path), AKGL_SOUND_MAX_PATH_LENGTH - 1);
    }
    PASS(errctx, check_volume(path, volume));
    PASS(errctx, akgl_object_check_unregistered(AKGL_REGISTRY_SOUND, "sound", name, NULL));
    akerr_ErrorContext *decoded = decode_file(path, akgl_sound_rate(), &samples, &frames);
    if (decoded != NULL) {
        converter_release_if_unused();
        PASS(errctx, decoded);
    }
    ATTEMPT {
        CATCH(errctx, akgl_heap_next_sound(&snd));
        memcpy(snd->name, name, strlen(name) + 1);
        memcpy(snd->path, path, strlen(path) + 1);
        snd->samples = samples;
        samples = NULL; /* the sound owns them: its teardown frees them */
        snd->frames = frames;
        snd->rate = akgl_sound_rate();
        snd->volume = volume;
        snd->loop = loop;
        CATCH(errctx, akgl_registry_add(AKGL_REGISTRY_SOUND, "sound", snd->name, snd));
        akgl_watch_note(AKGL_WATCH_SOUND, snd->path, snd->name);
        if (dest != NULL) {
            *dest = snd;
        }
        snd = NULL;
    } CLEANUP {
        if (snd != NULL) {
            IGNORE(akgl_heap_release_sound(snd));
        }
        SDL_free(samples);
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* ------------------------------------------------------------------------ */
/* The sound bank                                                           */
/* ------------------------------------------------------------------------ */

/* The sprite sheets' rule: the working directory first, then beside the JSON. */
static akerr_ErrorContext *resolve_file(const char *jsonpath, const char *file, char *resolved)
{
    char dir[AKGL_MAX_STRING_LENGTH];
    char beside[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);

    akerr_ErrorContext *here = aksl_realpath(file, resolved);
    if (here == NULL) {
        SUCCEED_RETURN(errctx);
    }
    if (here->status != ENOENT) {
        return akerr_trace_append(here, __FILE__, __func__, __LINE__);
    }
    RELEASE_ERROR(here);
    PASS(errctx, aksl_dirname(jsonpath, dir, sizeof(dir)));
    PASS(errctx, aksl_path_join(beside, sizeof(beside), dir, file));
    akerr_ErrorContext *there = aksl_realpath(beside, resolved);
    if (there != NULL) {
        int status = there->status;
        RELEASE_ERROR(there);
        FAIL_RETURN(errctx, status, "sound file \"%s\" is neither in the working directory nor "
                    "at %s: %s", file, beside, strerror(status));
    }
    SUCCEED_RETURN(errctx);
}

/* An optional member: absent leaves *dest as it is; present must have the right type. */
static akerr_ErrorContext *optional_float(json_t *obj, const char *key, float *dest)
{
    PREPARE_ERROR(errctx);
    if (json_object_get(obj, key) != NULL) {
        PASS(errctx, akgl_get_json_float_value(obj, key, dest));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *optional_bool(json_t *obj, const char *key, bool *dest)
{
    PREPARE_ERROR(errctx);
    if (json_object_get(obj, key) != NULL) {
        PASS(errctx, akgl_get_json_boolean_value(obj, key, dest));
    }
    SUCCEED_RETURN(errctx);
}

/* One entry of a bank, read and checked: what loading it needs. */
typedef struct EntrySpec
{
    char name[AKGL_SOUND_MAX_NAME_LENGTH];
    char path[AKGL_SOUND_MAX_PATH_LENGTH];  /* resolved (resolve_file) */
    float volume;
    bool loop;
} EntrySpec;

/*
 * Reads one element of a bank into *spec and checks it as akgl_sound_load
 * would, without loading anything: load and reload read entries here so that
 * both refuse the same entries with the same messages, and a reload can refuse
 * a bad bank before it changes any sound.
 */
static akerr_ErrorContext *read_entry(const char *bank, json_t *entry, EntrySpec *spec)
{
    akgl_String *name = NULL;
    akgl_String *file = NULL;
    char path[AKGL_MAX_STRING_LENGTH];
    PREPARE_ERROR(errctx);

    spec->volume = 1.0f;
    spec->loop = false;
    ATTEMPT {
        FAIL_ZERO_BREAK(errctx, json_is_object(entry), AKERR_TYPE,
                        "an entry must be an object with \"name\" and \"file\"");
        CATCH(errctx, akgl_get_json_string_value(entry, "name", &name));
        CATCH(errctx, akgl_get_json_string_value(entry, "file", &file));
        CATCH(errctx, optional_float(entry, "volume", &spec->volume));
        CATCH(errctx, optional_bool(entry, "loop", &spec->loop));
        CATCH(errctx, check_volume(file->data, spec->volume));
        CATCH(errctx, akgl_object_check_name(name->data, AKGL_SOUND_MAX_NAME_LENGTH, "sound"));
        CATCH(errctx, resolve_file(bank, file->data, path));
        if (strlen(path) >= sizeof(spec->path)) {
            FAIL_BREAK(errctx, AKERR_OUTOFBOUNDS, "sound \"%s\": the path is %zu bytes; the "
                       "limit is %d", name->data, strlen(path), AKGL_SOUND_MAX_PATH_LENGTH - 1);
        }
        memcpy(spec->name, name->data, strlen(name->data) + 1);
        memcpy(spec->path, path, strlen(path) + 1);
    } CLEANUP {
        if (name != NULL) {
            IGNORE(akgl_heap_release_string(name));
        }
        if (file != NULL) {
            IGNORE(akgl_heap_release_string(file));
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}

/* An error about element `index` of bank `bank`, prefixed with both (NULL stays NULL). */
static akerr_ErrorContext *in_bank_entry(akerr_ErrorContext *errctx, const char *bank,
                                         size_t index)
{
    char element[48];
    if (errctx == NULL) {
        return NULL;
    }
    snprintf(element, sizeof(element), "\"sounds\"[%zu]", index);
    return akgl_json_error_in_file(akgl_json_error_in_file(errctx, element), bank);
}

/*
 * Parses bank `filename` into *root (the caller's to json_decref, also after a
 * failure) and finds its "sounds" array, *count entries that must fit the sound
 * pool. Load and reload both open a bank here.
 */
static akerr_ErrorContext *open_bank(const char *filename, json_t **root, json_t **sounds,
                                     size_t *count)
{
    PREPARE_ERROR(errctx);
    PASS(errctx, akgl_json_load_file(filename, root));
    FAIL_ZERO_RETURN(errctx, json_is_object(*root), AKERR_TYPE,
                     "%s: the top level must be a JSON object", filename);
    PASS(errctx, akgl_json_error_in_file(akgl_get_json_array_value(*root, "sounds", sounds),
                                         filename));
    *count = json_array_size(*sounds);
    /* The pool's capacity is chosen at start (akgl_GameConfig). */
    if (*count > (size_t)akgl_heap_slots(AKGL_HEAP_SOUND)) {
        FAIL_RETURN(errctx, AKERR_OUTOFBOUNDS, "%s: \"sounds\" lists %zu sounds; the pool "
                    "holds %d (akgl_GameConfig.capacity[AKGL_HEAP_SOUND], default "
                    "AKGL_MAX_HEAP_SOUND)", filename, *count, akgl_heap_slots(AKGL_HEAP_SOUND));
    }
    SUCCEED_RETURN(errctx);
}

static akerr_ErrorContext *load_entry(const char *bank, json_t *entry, akgl_Sound **dest)
{
    EntrySpec spec;
    PREPARE_ERROR(errctx);
    PASS(errctx, read_entry(bank, entry, &spec));
    PASS(errctx, akgl_sound_load(spec.name, spec.path, spec.volume, spec.loop, dest));
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_load_json(const char *filename)
{
    json_t *root = NULL;
    json_t *sounds = NULL;
    akgl_Sound **loaded = NULL;
    size_t count = 0;
    size_t nloaded = 0;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER, "akgl_sound_load_json: NULL filename");
    ATTEMPT {
        CATCH(errctx, open_bank(filename, &root, &sounds, &count));
        if (count > 0) {
            /* Remembered so a failure can give back what this bank loaded. */
            loaded = SDL_calloc(count, sizeof(*loaded));
            FAIL_ZERO_BREAK(errctx, loaded, ENOMEM, "%s: out of memory: %s", filename,
                            SDL_GetError());
        }
        for (size_t i = 0; i < count; i++) {
            CATCH(errctx, in_bank_entry(load_entry(filename, json_array_get(sounds, i),
                                                   &loaded[nloaded]),
                                        filename, i));
            nloaded++;
        }
        akgl_watch_note(AKGL_WATCH_SOUND_BANK, filename, NULL);
    } CLEANUP {
        if (errctx != NULL) {
            for (size_t i = 0; i < nloaded; i++) {
                IGNORE(akgl_heap_release_sound(loaded[i]));
            }
        }
        SDL_free(loaded);
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}


/* ------------------------------------------------------------------------ */
/* Hot reload of a sound bank                                               */
/* ------------------------------------------------------------------------ */

/* One entry of a bank being reloaded, read, checked and staged. */
typedef struct BankEntry
{
    EntrySpec spec;
    akgl_Sound *sound;  /* registered already: the one updated; else NULL (a new entry) */
    float *samples;     /* the new file's, when an existing sound's file changed; owned */
    int64_t frames;
    akgl_Sound *made;   /* a new entry's sound, once loaded */
} BankEntry;

/* Reads entry `entry` into *e (no sound is loaded; a changed file is decoded). */
static akerr_ErrorContext *stage_entry(const char *bank, json_t *entry, BankEntry *e)
{
    void *found = NULL;
    PREPARE_ERROR(errctx);

    PASS(errctx, read_entry(bank, entry, &e->spec));
    PASS(errctx, akgl_registry_get(AKGL_REGISTRY_SOUND, "sound", e->spec.name, &found));
    e->sound = found;
    if (e->sound != NULL && strcmp(e->sound->path, e->spec.path) != 0) {
        PASS(errctx, decode_file(e->spec.path, akgl_sound_rate(), &e->samples, &e->frames));
    }
    SUCCEED_RETURN(errctx);
}

/* Reads, checks and decodes every entry, then loads the new ones. */
static akerr_ErrorContext *stage_bank(const char *filename, json_t *sounds, BankEntry *entries,
                                      size_t count, int *live)
{
    PREPARE_ERROR(errctx);
    for (size_t i = 0; i < count; i++) {
        PASS(errctx, in_bank_entry(stage_entry(filename, json_array_get(sounds, i), &entries[i]),
                                   filename, i));
        for (size_t j = 0; j < i; j++) {
            if (strcmp(entries[j].spec.name, entries[i].spec.name) == 0) {
                FAIL_RETURN(errctx, AKERR_REGISTRY, "%s: \"sounds\"[%zu]: sound \"%s\" is "
                            "listed already (\"sounds\"[%zu])", filename, i,
                            entries[i].spec.name, j);
            }
        }
        *live += entries[i].sound != NULL;
    }
    if (*live == 0) {
        SUCCEED_RETURN(errctx); /* released since (a level change): nothing to reload */
    }
    for (size_t i = 0; i < count; i++) {
        BankEntry *e = &entries[i];
        if (e->sound == NULL) {
            PASS(errctx, in_bank_entry(akgl_sound_load(e->spec.name, e->spec.path,
                                                       e->spec.volume, e->spec.loop, &e->made),
                                       filename, i));
        }
    }
    SUCCEED_RETURN(errctx);
}

akerr_ErrorContext *akgl_sound_reload_bank(const char *filename, int *count)
{
    json_t *root = NULL;
    json_t *sounds = NULL;
    BankEntry *entries = NULL;
    size_t n = 0;
    int live = 0;
    PREPARE_ERROR(errctx);

    FAIL_ZERO_RETURN(errctx, filename, AKERR_NULLPOINTER, "akgl_sound_reload_bank: NULL filename");
    FAIL_ZERO_RETURN(errctx, count, AKERR_NULLPOINTER, "akgl_sound_reload_bank: NULL count");
    *count = 0;
    ATTEMPT {
        CATCH(errctx, open_bank(filename, &root, &sounds, &n));
        if (n == 0) {
            break;
        }
        entries = SDL_calloc(n, sizeof(*entries));
        FAIL_ZERO_BREAK(errctx, entries, ENOMEM, "%s: out of memory: %s", filename,
                        SDL_GetError());
        CATCH(errctx, stage_bank(filename, sounds, entries, n, &live));
        if (live == 0) {
            break;
        }
        /* From here nothing fails: the bank's sounds take their entries. */
        for (size_t i = 0; i < n; i++) {
            BankEntry *e = &entries[i];
            akgl_Sound *snd = e->sound;
            if (snd == NULL) {
                e->made = NULL; /* registered: the game holds it */
                continue;
            }
            if (e->samples != NULL) {
                akgl_sound_stop_voices_of(snd); /* none may read the old samples */
                SDL_free(snd->samples);
                snd->samples = e->samples;
                e->samples = NULL;
                snd->frames = e->frames;
                snd->rate = akgl_sound_rate();
                memcpy(snd->path, e->spec.path, strlen(e->spec.path) + 1);
                akgl_watch_note(AKGL_WATCH_SOUND, snd->path, snd->name);
            }
            snd->volume = e->spec.volume;
            snd->loop = e->spec.loop;
        }
        *count = (int)n;
    } CLEANUP {
        for (size_t i = 0; entries != NULL && i < n; i++) {
            SDL_free(entries[i].samples);
            if (entries[i].made != NULL) {
                IGNORE(akgl_heap_release_sound(entries[i].made));
            }
        }
        SDL_free(entries);
        if (root != NULL) {
            json_decref(root);
        }
    } PROCESS(errctx) {
    } FINISH(errctx, true);
    SUCCEED_RETURN(errctx);
}
/* ------------------------------------------------------------------------ */
/* For the streamed music (sound_stream.c)                                  */
/* ------------------------------------------------------------------------ */

akerr_ErrorContext *akgl_sound_check_spec(const char *path, int channels, int rate)
{
    return check_spec(path, channels, rate);
}

const char *akgl_sound_vorbis_error(int code)
{
    return vorbis_error(code);
}

akerr_ErrorContext *akgl_sound_reload(akgl_Sound *sound)
{
    float *samples = NULL;
    int64_t frames = 0;
    PREPARE_ERROR(errctx);
    FAIL_ZERO_RETURN(errctx, sound, AKERR_NULLPOINTER, "akgl_sound_reload: NULL sound");
    FAIL_NONZERO_RETURN(errctx, sound->refcount <= 0 || sound->samples == NULL, AKGL_ERR_HEAP,
                        "akgl_sound_reload: sound \"%s\" is released", sound->name);
    int rate = akgl_sound_rate();
    PASS(errctx, decode_file(sound->path, rate, &samples, &frames));
    /* No voice may read the old samples once they are freed. */
    akgl_sound_stop_voices_of(sound);
    SDL_free(sound->samples);
    sound->samples = samples;
    sound->frames = frames;
    sound->rate = rate;
    SUCCEED_RETURN(errctx);
}
