"""Helpers for the phone server's tests: a game with companion code words, HTTP on the loopback only."""

from __future__ import annotations

import http.client
import json
import os
from urllib.parse import urlsplit

from companion.phones import OwnedSessionFeed, PhoneServer

NAMES = ["Ann", "Bob", "Cy"]


def ok(answer):
    assert answer["ok"], answer
    return answer


def start_game(feed, names=NAMES, language="fr"):
    return ok(feed.handle({"cmd": "new", "players": names, "seed": 5, "first": names[0],
                           "code_words": "companion", "language": language}))


def to_round_2(feed, winner="Ann"):
    while feed.session.view()["round"] == 1:
        if feed.session.view()["current"] == winner:
            ok(feed.handle({"cmd": "land", "space": "force"}))
            ok(feed.handle({"cmd": "result", "success": True}))
        else:
            ok(feed.handle({"cmd": "land", "space": "door"}))


def win_clue(feed, name):
    """Pass turns until ``name`` plays, who then wins a clue by Force."""
    while feed.session.view()["current"] != name:
        ok(feed.handle({"cmd": "land", "space": "door"}))
    ok(feed.handle({"cmd": "land", "space": "force"}))
    return ok(feed.handle({"cmd": "result", "success": True}))


def to_round_3(feed):
    to_round_2(feed)
    while feed.session.view()["round"] == 2:
        me = feed.session.view()["current"]
        keys = next(p["keys"] for p in feed.session.view()["players"] if p["name"] == me)
        if me == "Ann":
            ok(feed.handle({"cmd": "land", "space": "force"}))
            ok(feed.handle({"cmd": "result", "success": True}))
        elif keys < 2:
            for cmd in ({"cmd": "land", "space": "enigme"}, {"cmd": "stake", "stake": "key"},
                        {"cmd": "result", "success": True}):
                ok(feed.handle(cmd))
        else:
            ok(feed.handle({"cmd": "land", "space": "door"}))


def clues(session, name):
    return list(session.state.players[session.state.index(name)].clue_texts)


def secrets_of(session, name):
    """Every text of ``name``'s dealt word: none may appear on another player's page."""
    card = session.state.players[session.state.index(name)].code_word
    return [card.word, *card.clues, *card.accept] if card else []


def request(url, method="GET", body=None, timeout=10):
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1"  # these tests only ever talk to the loopback
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, parts.path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read().decode("utf-8")
    conn.close()
    return response.status, data


class Stream:
    """A live page's server-sent events, read line by line."""

    def __init__(self, url, timeout=10):
        parts = urlsplit(url)
        assert parts.hostname == "127.0.0.1"
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        self.conn.request("GET", parts.path + "/events")
        self.response = self.conn.getresponse()
        assert self.response.status == 200, self.response.status
        assert self.response.getheader("Content-Type").startswith("text/event-stream")

    def next(self):
        """The next event as (name, data): a JSON object for a message."""
        name, data = "message", []
        while True:
            line = self.response.fp.readline().decode("utf-8")
            if line == "":
                raise EOFError("the stream ended")
            line = line.rstrip("\n")
            if line == "" and data:
                text = "\n".join(data)
                return name, json.loads(text)
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())

    def close(self):
        self.conn.close()


def listening_sockets() -> set[int]:
    """Inodes of this process's sockets that listen (TCP, IPv4 and IPv6)."""
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    fields = line.split()
                    if fields[3] == "0A":  # LISTEN
                        listening.add(int(fields[9]))
        except FileNotFoundError:
            pass
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(int(target[8:-1]))
    return listening & mine


def make_feed(path):
    return OwnedSessionFeed(path)


def start_server(feed, **kw):
    return PhoneServer(feed, "127.0.0.1", 0, **kw).start()
