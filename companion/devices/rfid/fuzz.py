"""Random and mutated byte streams for the readers' decoders, with an independent oracle of the tags each
stream really holds. The tests and ``benchmarks.rfid`` both use it.

The oracle never shares code with the decoders: the ASCII frames are found with a regular expression over
the whole stream, the PN532 frames by trying every start code with the checks spelled out again."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from companion.devices.rfid import asciihex, pn532
from companion.devices.rfid.base import ReaderDecoder
from companion.devices.rfid.id12 import Id12
from companion.devices.rfid.rdm6300 import Rdm6300


@dataclass
class FuzzResult:
    bytes_fed: int = 0
    tags: int = 0  # tags the decoder reported
    false_tags: int = 0  # reported tags that no valid frame in the stream holds
    missed: int = 0  # (ASCII readers) valid frames the decoder did not report
    exceptions: list[str] = field(default_factory=list)


def random_tag(rng: random.Random, nbytes: int = 5) -> str:
    return rng.randbytes(nbytes).hex().upper()


def mutate(frame: bytes, rng: random.Random) -> bytes:
    """A frame as a noisy line might deliver it: intact, cut, with a byte flipped, dropped, doubled or added."""
    b = bytearray(frame)
    what = rng.random()
    if what < 0.35:
        return bytes(b)
    i = rng.randrange(len(b))
    if what < 0.5:
        b[i] ^= 1 << rng.randrange(8)
    elif what < 0.6:
        b[i] = rng.randrange(256)
    elif what < 0.7:
        del b[i]
    elif what < 0.8:
        b.insert(i, b[i])
    elif what < 0.9:
        b.insert(i, rng.randrange(256))
    elif len(b) > 1:
        del b[rng.randrange(1, len(b)):]
    return bytes(b)


def ascii_stream(rng: random.Random, trailer: bytes, size: int) -> bytes:
    """Valid frames (some repeated, some mutated), random noise and line noise made of hex digits."""
    out = bytearray()
    tags = [random_tag(rng) for _ in range(20)]
    while len(out) < size:
        r = rng.random()
        if r < 0.45:
            out += mutate(asciihex.encode(rng.choice(tags), trailer), rng)
        elif r < 0.7:
            out += rng.randbytes(rng.randrange(1, 40))
        elif r < 0.85:  # noise that looks like the inside of a frame
            out += bytes(rng.choice(b"0123456789ABCDEF\x02\x03\r\n") for _ in range(rng.randrange(1, 30)))
        else:
            out += asciihex.encode(rng.choice(tags), trailer)
    return bytes(out[:size])


def ascii_oracle(stream: bytes, trailer: bytes) -> list[str]:
    """The tags of the valid frames in ``stream``, in order: STX, 12 upper-case hex digits, trailer, XOR."""
    pattern = re.compile(rb"\x02([0-9A-F]{10})([0-9A-F]{2})" + re.escape(trailer))
    found = []
    for m in pattern.finditer(stream):
        data = bytes.fromhex(m.group(1).decode())
        xor = 0
        for byte in data:
            xor ^= byte
        if xor == int(m.group(2), 16):
            found.append(m.group(1).decode())
    return found


def feed_in_chunks(decoder: ReaderDecoder, stream: bytes, rng: random.Random, result: FuzzResult,
                   now: float = 0.0, step: float = 0.0) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(stream):
        n = rng.choice((1, 1, 2, 3, 7, 14, 16, 64, 512))
        try:
            out += decoder.feed(stream[i:i + n], now)
            decoder.tick(now)
            decoder.output()
        except Exception as exc:  # noqa: BLE001 - counted: the fuzz test asserts there are none
            result.exceptions.append(f"{type(exc).__name__}: {exc}")
        i += n
        now += step
    result.bytes_fed += len(stream)
    return out


def fuzz_ascii(reader: str, total: int, seed: int = 1) -> FuzzResult:
    """Random and mutated bytes through the RDM6300 or ID-12 decoder, compared with the oracle."""
    cls = {"rdm6300": Rdm6300, "id12": Id12}[reader]
    rng = random.Random(seed)
    result = FuzzResult()
    chunk = 50_000
    while result.bytes_fed < total:
        decoder = cls()
        stream = ascii_stream(rng, cls.trailer, min(chunk, total - result.bytes_fed))
        if rng.random() < 0.3:  # pure random bytes too
            stream = rng.randbytes(len(stream))
        got = feed_in_chunks(decoder, stream, rng, result)
        expected = ascii_oracle(stream, cls.trailer)
        result.tags += len(got)
        pool = list(expected)
        for tag in got:
            if tag in pool:
                pool.remove(tag)
            else:
                result.false_tags += 1
        result.missed += len(pool)
    return result


# --- PN532 -------------------------------------------------------------------------------------------


def pn532_conversation(rng: random.Random, uids: list[str]) -> bytes:
    """What a PN532 says to the host from wake-up through a few polls (ACK, then the reply, each time)."""
    out = bytearray()
    for code, params in ((pn532.SAM_CONFIGURATION, b""), (pn532.RF_CONFIGURATION, b""),
                         (pn532.GET_FIRMWARE_VERSION, bytes([0x32, 1, 6, 7]))):
        out += pn532.ACK + pn532.reply(code, params)
    for _ in range(rng.randrange(1, 8)):
        uid = rng.choice(uids + [None])
        body = b"\x00" if uid is None else bytes([1, 1, 0, 0x44, 0, len(bytes.fromhex(uid))]) + bytes.fromhex(uid)
        out += pn532.ACK + pn532.reply(pn532.IN_LIST_PASSIVE_TARGET, body)
    return bytes(out)


def pn532_oracle(stream: bytes) -> set[str]:
    """Every UID in a checksummed InListPassiveTarget reply anywhere in ``stream`` (normal frames)."""
    found: set[str] = set()
    for m in re.finditer(rb"(?=\x00\xff)", stream):
        s = m.start() + 2
        if s + 2 > len(stream):
            continue
        length, lcs = stream[s], stream[s + 1]
        if (length, lcs) == (0xFF, 0xFF):  # extended frame: LENM LENL LCS
            if s + 5 > len(stream) or (stream[s + 2] + stream[s + 3] + stream[s + 4]) % 256:
                continue
            length, s = stream[s + 2] * 256 + stream[s + 3], s + 3
        elif (length + lcs) % 256:
            continue
        if length < 3:
            continue
        data = stream[s + 2:s + 2 + length]
        if len(data) < length or s + 2 + length >= len(stream):
            continue
        if (sum(data) + stream[s + 2 + length]) % 256:
            continue
        if data[0] != 0xD5 or data[1] != 0x4B:
            continue
        params, pos = data[2:], 1
        for _ in range(params[0] if params else 0):
            if pos + 5 > len(params):
                break
            n = params[pos + 4]
            found.add(params[pos + 5:pos + 5 + n].hex().upper())
            pos += 5 + n
    return found


def fuzz_pn532(total: int, seed: int = 1) -> FuzzResult:
    """Random bytes and mutated conversations through the PN532 host session; every tag it reports must
    be in a valid reply frame of the stream (the oracle), and every frame it accepts must be in the stream."""
    rng = random.Random(seed)
    result = FuzzResult()
    uids = [random_tag(rng, rng.choice((4, 7, 10))) for _ in range(10)]
    while result.bytes_fed < total:
        session = pn532.Pn532(poll_s=0.0)
        session.start(0.0)
        session.output()
        stream = bytearray()
        while len(stream) < 20_000:
            r = rng.random()
            if r < 0.6:
                convo = pn532_conversation(rng, uids)
                stream += convo if rng.random() < 0.3 else b"".join(
                    mutate(convo[i:i + 9], rng) if rng.random() < 0.1 else convo[i:i + 9]
                    for i in range(0, len(convo), 9))
            else:
                stream += rng.randbytes(rng.randrange(1, 80))
        stream = bytes(stream)
        got = feed_in_chunks(session, stream, rng, result, now=0.0, step=0.01)
        valid = pn532_oracle(stream)
        result.tags += len(got)
        result.false_tags += sum(1 for tag in got if tag not in valid)
        frames = pn532.FrameDecoder()
        try:
            for f in frames.feed(stream):
                if f.raw not in stream:
                    result.false_tags += 1
        except Exception as exc:  # noqa: BLE001
            result.exceptions.append(f"{type(exc).__name__}: {exc}")
    return result


def fuzz_all(per_reader: int, seed: int = 1) -> dict[str, FuzzResult]:
    return {"rdm6300": fuzz_ascii("rdm6300", per_reader, seed), "id12": fuzz_ascii("id12", per_reader, seed),
            "pn532": fuzz_pn532(per_reader, seed)}
