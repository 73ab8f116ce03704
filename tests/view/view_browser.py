"""A real headless Chromium driven over the DevTools protocol on a pipe (no extra package, no network)."""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import Any

# The flags that work on this kind of machine: no sandbox as root, no GPU, and nothing that
# reaches out to the network (the machine's closed network refuses those connections).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
         "--remote-debugging-pipe"]


def chromium_path() -> str | None:
    """Debian's chromium, if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One Chromium process and one page; `with Browser(width, height) as b: b.open(url)`."""

    def __init__(self, width: int = 1600, height: int = 1000, *, javascript: bool = True) -> None:
        path = chromium_path()
        if path is None:
            raise RuntimeError("chromium is not installed (apt-get install chromium)")
        self.profile = tempfile.TemporaryDirectory(prefix="monopoli-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def fds() -> None:  # Chromium reads commands on fd 3 and writes answers on fd 4
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen([path, *FLAGS, f"--user-data-dir={self.profile.name}",
                                      f"--window-size={width},{height}", "about:blank"],
                                     pass_fds=(3, 4), preexec_fn=fds, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                          "deviceScaleFactor": 1, "mobile": False}, session=True)
        if not javascript:
            self.call("Emulation.setScriptExecutionDisabled", {"value": True}, session=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def call(self, method: str, params: dict[str, Any] | None = None, *, session: bool = False,
             timeout: float = 30.0) -> dict[str, Any]:
        """One DevTools command; its result (raises on an error answer)."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            for answer in self._read(deadline):
                if answer.get("id") == self._id:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return dict(answer.get("result", {}))
                self.events.append(answer)

    def _read(self, deadline: float) -> list[dict[str, Any]]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_chrome], [], [], left)[0]:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        *whole, self._buffer = self._buffer.split(b"\0")
        return [json.loads(m) for m in whole]

    def open(self, url: str, *, timeout: float = 30.0) -> None:
        """Load a page and wait for its load event."""
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": url}, session=True)
        self.wait_for(lambda: any(e.get("method") == "Page.loadEventFired" for e in self.events), timeout,
                      pump="Page.loadEventFired")

    def wait_for(self, ready: Any, timeout: float, *, pump: str = "") -> None:
        """Keep reading DevTools messages until ready() holds."""
        deadline = time.monotonic() + timeout
        while not ready():
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout}s for {pump or 'the page'}")
            try:
                self.events += self._read(min(deadline, time.monotonic() + 0.2))
            except TimeoutError:
                pass

    def evaluate(self, expression: str) -> Any:
        """A JavaScript expression's value in the page."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self) -> bytes:
        """The page's viewport as PNG bytes."""
        return base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"])

    def close(self) -> None:
        """End the browser."""
        try:
            self.call("Browser.close", timeout=5)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        self.profile.cleanup()
