#!/usr/bin/python3
"""cdp_shot.py — screenshots of parts of a page in headless Chromium, driven
over the DevTools protocol on --remote-debugging-pipe (standard library only),
with every console message and page error collected on the way.

usage: cdp_shot.py PAGE.html OUT_PREFIX [SELECTOR=NAME[:MAXHEIGHT] ...]
  writes OUT_PREFIX.png (the top of the page, 1400 x 1800) and, per
  argument, OUT_PREFIX-NAME.png: the element matching the CSS SELECTOR
  (cut at MAXHEIGHT px, default 1800).  Exit 1 if the page logged anything
  on the console, threw, or an element is missing.
Also importable: capture(page, shots) -> (pngs, console_messages).
"""
import base64
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile

CHROMIUM = os.environ.get("SCT_CHROMIUM", "/usr/bin/chromium")
WIDTH = 1400


class Browser:
    """Chromium with the DevTools protocol on fds 3 (commands) / 4 (replies)."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="sct-cdp-")
        cmd_r, cmd_w = os.pipe()
        rep_r, rep_w = os.pipe()
        # The child's ends, moved to fds >= 10 so that dup2 onto 3 and 4 in
        # the child cannot clobber one with the other.
        child_r = fcntl.fcntl(cmd_r, fcntl.F_DUPFD, 10)
        child_w = fcntl.fcntl(rep_w, fcntl.F_DUPFD, 10)
        os.close(cmd_r)
        os.close(rep_w)

        def child_fds():
            os.dup2(child_r, 3)
            os.dup2(child_w, 4)

        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--hide-scrollbars",
             "--remote-debugging-pipe", "--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, pass_fds=(3, 4))
        os.close(child_r)
        os.close(child_w)
        self.out = os.fdopen(cmd_w, "wb", buffering=0)
        self.inp = os.fdopen(rep_r, "rb", buffering=0)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def _read_message(self):
        while b"\0" not in self.buf:
            chunk = self.inp.read(65536)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self.out.write(json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read_message()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method):
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        while True:
            m = self._read_message()
            if m.get("method") == method:
                return m
            self.events.append(m)

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError, BrokenPipeError):
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def console_messages(events):
    out = []
    for e in events:
        m, p = e.get("method"), e.get("params", {})
        if m == "Runtime.consoleAPICalled":
            out.append("console.%s: %s" % (p.get("type"), " ".join(
                str(a.get("value", a.get("description", ""))) for a in p.get("args", []))))
        elif m == "Runtime.exceptionThrown":
            out.append("exception: %s" % p.get("exceptionDetails", {}).get("text"))
        elif m == "Log.entryAdded":
            entry = p.get("entry", {})
            out.append("log %s/%s: %s" % (entry.get("source"), entry.get("level"), entry.get("text")))
    return out


def capture(page, shots):
    """shots: [(css selector or None for the page top, max height)].
    Returns ([png bytes or None when the selector matches nothing], console messages)."""
    b = Browser()
    try:
        target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        s = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            b.call(domain + ".enable", session=s)
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": WIDTH, "height": 1800, "deviceScaleFactor": 1, "mobile": False}, session=s)
        b.call("Page.navigate", {"url": "file://" + os.path.abspath(page)}, session=s)
        b.wait_event("Page.loadEventFired")
        pngs = []
        for selector, max_h in shots:
            if selector is None:
                clip = {"x": 0, "y": 0, "width": WIDTH, "height": max_h}
            else:
                expr = ("(function(){var e=document.querySelector(%s);if(!e)return null;"
                        "var r=e.getBoundingClientRect();return JSON.stringify({x:r.left+"
                        "window.scrollX,y:r.top+window.scrollY,w:r.width,h:r.height});})()"
                        % json.dumps(selector))
                v = b.call("Runtime.evaluate", {"expression": expr, "returnByValue": True},
                           session=s)["result"].get("value")
                if v is None:
                    pngs.append(None)
                    continue
                r = json.loads(v)
                pad = 12
                clip = {"x": max(0, r["x"] - pad), "y": max(0, r["y"] - pad),
                        "width": min(WIDTH, r["w"] + 2 * pad), "height": min(max_h, r["h"] + 2 * pad)}
            clip["scale"] = 1
            data = b.call("Page.captureScreenshot",
                          {"format": "png", "clip": clip, "captureBeyondViewport": True},
                          session=s)["data"]
            pngs.append(base64.b64decode(data))
        return pngs, console_messages(b.events)
    finally:
        b.close()


def hidden_when_printed(page, selector):
    """How many elements matching `selector` stay invisible under print media
    (e.g. the content of collapsed <details>)."""
    b = Browser()
    try:
        target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        s = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        b.call("Page.enable", session=s)
        b.call("Page.navigate", {"url": "file://" + os.path.abspath(page)}, session=s)
        b.wait_event("Page.loadEventFired")
        b.call("Emulation.setEmulatedMedia", {"media": "print"}, session=s)
        expr = ("Array.from(document.querySelectorAll(%s)).filter(function(e){"
                "return !e.checkVisibility();}).length" % json.dumps(selector))
        return b.call("Runtime.evaluate", {"expression": expr, "returnByValue": True},
                      session=s)["result"]["value"]
    finally:
        b.close()


def evaluate(page, expr, width=WIDTH, height=900):
    """The value of the JavaScript expression `expr` (JSON-serialisable) on
    `page` in a width x height viewport, as a person first sees it, and the
    console messages."""
    b = Browser()
    try:
        target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        s = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            b.call(domain + ".enable", session=s)
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
               session=s)
        b.call("Page.navigate", {"url": "file://" + os.path.abspath(page)}, session=s)
        b.wait_event("Page.loadEventFired")
        r = b.call("Runtime.evaluate", {"expression": "JSON.stringify(%s)" % expr,
                                        "returnByValue": True}, session=s)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluate: %s" % r["exceptionDetails"].get("text"))
        return json.loads(r["result"]["value"]), console_messages(b.events)
    finally:
        b.close()


def main():
    page, prefix = sys.argv[1], sys.argv[2]
    shots, names = [(None, 1800)], [prefix + ".png"]
    for arg in sys.argv[3:]:
        sel, name = arg.rsplit("=", 1)
        max_h = 1800
        if ":" in name:
            name, h = name.split(":")
            max_h = int(h)
        shots.append((sel, max_h))
        names.append("%s-%s.png" % (prefix, name))
    pngs, console = capture(page, shots)
    status = 0
    for msg in console:
        print("console: " + msg, file=sys.stderr)
        status = 1
    for png, name, (sel, _) in zip(pngs, names, shots):
        if png is None:
            print("no element matches %r" % sel, file=sys.stderr)
            status = 1
            continue
        with open(name, "wb") as fh:
            fh.write(png)
        print("wrote %s (%d bytes)" % (name, len(png)))
    sys.exit(status)


if __name__ == "__main__":
    main()
