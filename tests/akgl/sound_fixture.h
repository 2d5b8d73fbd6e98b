/*
 * Sound fixtures made by our own code at test time: WAV files written field
 * by field (so a test can also write a broken one), and Ogg Vorbis files
 * encoded with libvorbisenc. Every signal is a formula, so a test knows each
 * sample it should read back.
 */
#ifndef AKGL_TESTS_SOUND_FIXTURE_H
#define AKGL_TESTS_SOUND_FIXTURE_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <vorbis/vorbisenc.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* A signal: the value of channel `c` at frame `i`. */
typedef float (*fx_signal)(int64_t i, int c, const void *arg);

typedef struct fx_tone
{
    float amplitude;
    float hz;
    int rate;
} fx_tone;

/* A cosine, so frame 0 is at full amplitude (a sine would start silent). */
static inline float fx_cosine(int64_t i, int c, const void *arg)
{
    const fx_tone *t = arg;
    (void)c;
    return t->amplitude * (float)cos(2.0 * M_PI * t->hz * (double)i / t->rate);
}

/* A constant level: mixing and fades read back exactly. */
static inline float fx_level(int64_t i, int c, const void *arg)
{
    (void)i;
    (void)c;
    return *(const float *)arg;
}

typedef struct fx_ramp
{
    float from, to;
    int64_t frames;
} fx_ramp;

/* A straight line from `from` to `to`: a resumed voice must continue it. */
static inline float fx_ramp_at(int64_t i, int c, const void *arg)
{
    const fx_ramp *r = arg;
    (void)c;
    return r->from + (r->to - r->from) * (float)i / (float)r->frames;
}

/* A float file's hostile numbers, sample by sample (channels interleaved):
 * `*arg` (a level), NaN, +infinity, then the level, NaN, -infinity. */
static inline float fx_nan_inf(int64_t i, int c, const void *arg)
{
    switch ((i * 2 + c) % 6) {
    case 0:
    case 3: return *(const float *)arg;
    case 1:
    case 4: return NAN;
    case 2: return INFINITY;
    default: return -INFINITY;
    }
}

static inline void fx_put16(FILE *f, uint16_t v)
{
    fputc(v & 0xff, f);
    fputc(v >> 8, f);
}

static inline void fx_put32(FILE *f, uint32_t v)
{
    fx_put16(f, (uint16_t)(v & 0xffff));
    fx_put16(f, (uint16_t)(v >> 16));
}

/*
 * A WAV file: 32-bit float (tag 3) or 16-bit PCM (tag 1). `declared_frames`
 * is what the header claims and `written_frames` what follows, so a
 * truncated file is one call; `channels` and `rate` are written as given.
 */
static inline bool fx_write_wav_raw(const char *path, int tag, int channels, uint32_t rate,
                                    int64_t declared_frames, int64_t written_frames,
                                    fx_signal signal, const void *arg)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        return false;
    }
    int bits = tag == 3 ? 32 : 16;
    int ch = channels > 0 ? channels : 1;
    uint32_t block = (uint32_t)(ch * bits / 8);
    uint32_t data = (uint32_t)declared_frames * block;
    fwrite("RIFF", 1, 4, f);
    fx_put32(f, 36 + data);
    fwrite("WAVEfmt ", 1, 8, f);
    fx_put32(f, 16);
    fx_put16(f, (uint16_t)tag);
    fx_put16(f, (uint16_t)channels);
    fx_put32(f, rate);
    fx_put32(f, rate * block);
    fx_put16(f, (uint16_t)block);
    fx_put16(f, (uint16_t)bits);
    fwrite("data", 1, 4, f);
    fx_put32(f, data);
    for (int64_t i = 0; i < written_frames; i++) {
        for (int c = 0; c < ch; c++) {
            float v = signal(i, c, arg);
            if (tag == 3) {
                uint32_t u;
                memcpy(&u, &v, sizeof(u));
                fx_put32(f, u);
            } else {
                long s = lrintf(v * 32767.0f);
                fx_put16(f, (uint16_t)(int16_t)(s > 32767 ? 32767 : s < -32768 ? -32768 : s));
            }
        }
    }
    return fclose(f) == 0;
}

/* A well-formed float WAV. */
static inline bool fx_write_wav(const char *path, int channels, int rate, int64_t frames,
                                fx_signal signal, const void *arg)
{
    return fx_write_wav_raw(path, 3, channels, (uint32_t)rate, frames, frames, signal, arg);
}

/* Writes a page; a page is a header and a body, both libogg's. */
static inline void fx_put_page(FILE *f, const ogg_page *og)
{
    fwrite(og->header, 1, (size_t)og->header_len, f);
    fwrite(og->body, 1, (size_t)og->body_len, f);
}

/* Little-endian `bytes` bytes of `v` at `at`. */
static inline void fx_put_le(unsigned char *at, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        at[i] = (unsigned char)(v >> (8 * i));
    }
}

/*
 * An Ogg Vorbis file (quality 0.6 VBR) that lies about itself: when
 * `claim_rate` is above 0 the identification header says that rate, and
 * when `claim_frames` is above 0 the last page's granule position (what a
 * reader takes for the length) says that many frames; each page changed
 * gets its checksum again, so libogg takes it. The audio is `frames` frames
 * encoded at `rate`. With both 0 it is an honest file (fx_write_ogg).
 */
static inline bool fx_write_ogg_claiming(const char *path, int channels, int rate, int64_t frames,
                                         fx_signal signal, const void *arg, uint32_t claim_rate,
                                         int64_t claim_frames)
{
    vorbis_info vi;
    vorbis_comment vc;
    vorbis_dsp_state vd;
    vorbis_block vb;
    ogg_stream_state os;
    ogg_page og;
    ogg_packet op, hdr, hdr_comm, hdr_code;
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        return false;
    }
    vorbis_info_init(&vi);
    if (vorbis_encode_init_vbr(&vi, channels, rate, 0.6f) != 0) {
        vorbis_info_clear(&vi);
        fclose(f);
        return false;
    }
    vorbis_comment_init(&vc);
    vorbis_analysis_init(&vd, &vi);
    vorbis_block_init(&vd, &vb);
    ogg_stream_init(&os, 1234); /* a fixed serial: the file is reproducible */
    vorbis_analysis_headerout(&vd, &vc, &hdr, &hdr_comm, &hdr_code);
    ogg_stream_packetin(&os, &hdr);
    ogg_stream_packetin(&os, &hdr_comm);
    ogg_stream_packetin(&os, &hdr_code);
    bool first = true;
    while (ogg_stream_flush(&os, &og) != 0) {
        /* The first page holds the identification packet alone: its type,
         * "vorbis", a 4-byte version, the channels, then the rate. */
        if (first && claim_rate > 0 && og.body_len >= 16) {
            fx_put_le(og.body + 12, claim_rate, 4);
            ogg_page_checksum_set(&og);
        }
        first = false;
        fx_put_page(f, &og);
    }
    int64_t done = 0;
    bool eos = false;
    while (!eos) {
        int64_t n = frames - done > 1024 ? 1024 : frames - done;
        if (n > 0) {
            float **buf = vorbis_analysis_buffer(&vd, (int)n);
            for (int64_t i = 0; i < n; i++) {
                for (int c = 0; c < channels; c++) {
                    buf[c][i] = signal(done + i, c, arg);
                }
            }
            vorbis_analysis_wrote(&vd, (int)n);
            done += n;
        } else {
            vorbis_analysis_wrote(&vd, 0);
        }
        while (vorbis_analysis_blockout(&vd, &vb) == 1) {
            vorbis_analysis(&vb, NULL);
            vorbis_bitrate_addblock(&vb);
            while (vorbis_bitrate_flushpacket(&vd, &op)) {
                ogg_stream_packetin(&os, &op);
                while (ogg_stream_pageout(&os, &og) != 0) {
                    if (ogg_page_eos(&og)) {
                        eos = true;
                        if (claim_frames > 0) { /* the granule position: bytes 6..13 */
                            fx_put_le(og.header + 6, (uint64_t)claim_frames, 8);
                            ogg_page_checksum_set(&og);
                        }
                    }
                    fx_put_page(f, &og);
                }
            }
        }
    }
    ogg_stream_clear(&os);
    vorbis_block_clear(&vb);
    vorbis_dsp_clear(&vd);
    vorbis_comment_clear(&vc);
    vorbis_info_clear(&vi);
    return fclose(f) == 0;
}

/* An Ogg Vorbis file (quality 0.6 VBR), encoded by libvorbisenc. */
static inline bool fx_write_ogg(const char *path, int channels, int rate, int64_t frames,
                                fx_signal signal, const void *arg)
{
    return fx_write_ogg_claiming(path, channels, rate, frames, signal, arg, 0, 0);
}

/* Writes `text` to `path`. */
static inline bool fx_write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        return false;
    }
    fputs(text, f);
    return fclose(f) == 0;
}

/* Cuts `path` to `size` bytes. */
static inline bool fx_truncate(const char *src, const char *dst, long size)
{
    FILE *in = fopen(src, "rb");
    FILE *out = fopen(dst, "wb");
    bool ok = in != NULL && out != NULL;
    for (long i = 0; ok && i < size; i++) {
        int ch = fgetc(in);
        if (ch == EOF) {
            break;
        }
        fputc(ch, out);
    }
    if (in != NULL) {
        fclose(in);
    }
    if (out != NULL) {
        ok = fclose(out) == 0 && ok;
    }
    return ok;
}

static inline long fx_file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

#endif /* AKGL_TESTS_SOUND_FIXTURE_H */
