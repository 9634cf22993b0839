"""A real headless Chromium driven through the DevTools protocol (a websocket, aiohttp's client): open
pages, read what they show. Debian's chromium; nothing is downloaded. Loopback only."""

from __future__ import annotations

import asyncio
import itertools
import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import aiohttp

from tests.support import stop_process

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="phones-chromium-")
        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             "--disable-background-networking", "--disable-sync", "--remote-debugging-address=127.0.0.1",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and len(port_file.read_text().splitlines()) >= 2):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.close()
                raise RuntimeError("chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        port, path = port_file.read_text().splitlines()[:2]
        self.ws_url = f"ws://127.0.0.1:{port}{path}"
        self.loop = asyncio.new_event_loop()
        self._ids = itertools.count(1)
        self._http = self.loop.run_until_complete(self._connect())

    async def _connect(self):
        http = aiohttp.ClientSession()
        self.ws = await http.ws_connect(self.ws_url, max_msg_size=0)
        return http

    async def _send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        msg_id = next(self._ids)
        message = {"id": msg_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        await self.ws.send_str(json.dumps(message))
        while True:
            reply = json.loads((await self.ws.receive(timeout=30)).data)
            if reply.get("id") == msg_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        return self.loop.run_until_complete(self._send(method, params, session))

    def open(self, url: str) -> str:
        """A new tab on ``url``; returns its session id."""
        target = self.send("Target.createTarget", {"url": url})["targetId"]
        return self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, session: str, expression: str):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        return result["result"].get("value")

    def wait_for(self, session: str, expression: str, timeout: float = 10.0):
        """The expression's value once truthy (the page updates itself: this only looks)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(session, expression)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.05)

    def close(self) -> None:
        if getattr(self, "loop", None):
            try:
                self.loop.run_until_complete(self._http.close())
            finally:
                self.loop.close()
        stop_process(self.proc)
        shutil.rmtree(self.profile, ignore_errors=True)
