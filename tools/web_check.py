#!/usr/bin/python3
"""The browser test of the demo's page (tools/test.sh --web, docs/00).

    tools/web_check.py PAGE_DIR REFERENCE.png OUT_DIR [--timeout S] [--tolerance N]

Serves PAGE_DIR (akgl_demo.html and its .js, .wasm and .data) on 127.0.0.1,
opens akgl_demo.html?check in headless Chromium (Debian's `chromium`) with
SDL's software renderer, and waits for the page's report (examples/web/
shell.html): the demo's exit status, the console's warnings and errors, the
last frame of the scripted run as PNG, and its best-score file before and
after the run. It passes when the status is 0, the console has no warning or
error, and the frame is the native one, REFERENCE.png (tools/demo.sh
--check's last frame), within the tolerance: no channel of any pixel more
than --tolerance apart (default 8 of 255) in more than 0.5% of the pixels.
Then it opens the page again in the same browser profile: the second run
must find the first one's best score in the browser's storage (and the
first, in a new profile, none). OUT_DIR gets the page's frame (web.png), a
picture of where the two differ (diff.png) and Chromium's logs.

Exit status 0 when it passes, 1 when it fails (saying why), 2 on bad usage.
"""
import argparse
import base64
import functools
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

from PIL import Image, ImageChops

# The share of pixels that may differ by more than the tolerance.
MAX_DIFFERENT = 0.005


class Handler(http.server.SimpleHTTPRequestHandler):
    """The page's files, and POST /report: the page's outcome."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{'.wasm': 'application/wasm', '.js': 'text/javascript',
                             '.data': 'application/octet-stream'})
    report = None
    arrived = threading.Event()  # cleared before each page load

    def do_POST(self):
        if self.path != '/report':
            self.send_error(404)
            return
        body = self.rfile.read(int(self.headers.get('Content-Length', '0')))
        Handler.report = json.loads(body)
        self.send_response(204)
        self.end_headers()
        Handler.arrived.set()

    def log_message(self, format, *args):  # quiet: the test prints its own lines
        pass


def compare(web_png, reference_png, tolerance, diff_png):
    """(different pixels, all pixels, why not comparable or None)"""
    web = Image.open(web_png).convert('RGBA')
    ref = Image.open(reference_png).convert('RGBA')
    if web.size != ref.size:
        return 0, 0, 'the page drew %dx%d, the native run %dx%d' % (web.size + ref.size)
    diff = ImageChops.difference(web, ref)
    # A pixel differs when any of its channels differs by more than tolerance.
    bands = [b.point(lambda v: 255 if v > tolerance else 0) for b in diff.split()]
    mask = bands[0]
    for b in bands[1:]:
        mask = ImageChops.lighter(mask, b)
    mask.save(diff_png)
    different = mask.histogram()[255]
    return different, web.size[0] * web.size[1], None


def run_page(browser, url, profile, log_path, timeout):
    """Opens url in headless Chromium with the given profile; the page's
    report, or None when none came within timeout seconds."""
    Handler.report = None
    Handler.arrived.clear()
    with open(log_path, 'w') as log:
        # --no-sandbox: CI runs as root, where Chromium's sandbox will not start.
        cmd = [browser, '--headless=new', '--no-sandbox', '--disable-gpu',
               '--no-first-run', '--no-default-browser-check', '--disable-extensions',
               '--user-data-dir=' + profile, '--window-size=1024,700',
               '--enable-logging=stderr', '--v=0', url]
        print('web_check: %s' % url)
        # Its own process group: Chromium's helper processes go with it.
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        arrived = Handler.arrived.wait(timeout)
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return Handler.report if arrived else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('page_dir')
    ap.add_argument('reference')
    ap.add_argument('out_dir')
    ap.add_argument('--timeout', type=float, default=300.0)
    ap.add_argument('--tolerance', type=int, default=8)
    args = ap.parse_args()
    page = os.path.join(args.page_dir, 'akgl_demo.html')
    for f in (page, args.reference):
        if not os.path.isfile(f):
            print('web_check: no %s' % f, file=sys.stderr)
            return 2
    browser = shutil.which('chromium')
    if browser is None:
        print('web_check: no chromium (Debian package chromium; tools/deps.sh --target web '
              'installs it)', file=sys.stderr)
        return 1
    os.makedirs(args.out_dir, exist_ok=True)

    server = http.server.ThreadingHTTPServer(
        ('127.0.0.1', 0), functools.partial(Handler, directory=os.path.abspath(args.page_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = ('http://127.0.0.1:%d/akgl_demo.html?check&report=/report'
           '&SDL_RENDER_DRIVER=software' % server.server_address[1])
    log_path = os.path.join(args.out_dir, 'chromium.log')
    again_log_path = os.path.join(args.out_dir, 'chromium-again.log')
    with tempfile.TemporaryDirectory(prefix='akgl-web-check-',
                                     ignore_cleanup_errors=True) as profile:
        report = run_page(browser, url, profile, log_path, args.timeout)
        again = None
        if report is not None:
            again = run_page(browser, url, profile, again_log_path, args.timeout)
    server.shutdown()
    if report is None:
        print('web_check: FAILED: no report from the page in %.0f s (Chromium\'s log: %s)'
              % (args.timeout, log_path))
        return 1

    failures = []
    # The save: none in a new profile; the run's best score after it; the
    # same score found by the second run, from the browser's storage.
    saved = report.get('best_at_end')
    if report.get('best_at_start') is not None:
        failures.append('a new browser profile already held a best score: %r'
                        % report.get('best_at_start'))
    if not saved or not saved.strip().isdigit() or int(saved) <= 0:
        failures.append('the run kept no best score (best_score.txt after it: %r)' % saved)
    elif again is None:
        failures.append('no report from the page opened again (Chromium\'s log: %s)'
                        % again_log_path)
    elif again.get('best_at_start') != saved:
        failures.append('the page opened again found best score %r in the browser\'s '
                        'storage, not %r' % (again.get('best_at_start'), saved))
    else:
        print('web_check: the best score, %s, was kept in the browser\'s storage'
              % saved.strip())
    if report.get('status') != 0:
        failures.append('the demo exited with status %s' % report.get('status'))
    for line in report.get('problems', []):
        failures.append('the console said: %s' % line)
    web_png = os.path.join(args.out_dir, 'web.png')
    if report.get('png'):
        with open(web_png, 'wb') as f:
            f.write(base64.b64decode(report['png']))
        different, total, why = compare(web_png, args.reference, args.tolerance,
                                        os.path.join(args.out_dir, 'diff.png'))
        if why is not None:
            failures.append(why)
        else:
            share = different / total
            print('web_check: %d of %d pixels differ by more than %d (%.3f%%; the limit is %.1f%%)'
                  % (different, total, args.tolerance, 100.0 * share, 100.0 * MAX_DIFFERENT))
            if share > MAX_DIFFERENT:
                failures.append('the page\'s last frame is not the native one: %s and %s, '
                                'differences in %s' % (web_png, args.reference,
                                                       os.path.join(args.out_dir, 'diff.png')))
    else:
        failures.append('the page sent no frame')
    for f in failures:
        print('web_check: FAILED: %s' % f)
    if not failures:
        print('web_check: passed (status 0, a quiet console, the native picture, the save kept)')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
