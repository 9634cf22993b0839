"""The show's sounds, synthesised with numpy: no sample files, nothing to license, the same sound
every time (each cue has its own fixed random seed).

    bank = CueBank(48000)
    mixer.play(bank.get("gong"), "cues")
    mixer.play(bank.buzzer(2), "cues")      # the third player's buzzer
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from companion.sound.clip import Clip

PEAK = 0.8


def _t(seconds: float, rate: int) -> np.ndarray:
    return np.arange(int(seconds * rate), dtype=np.float64) / rate


def _decay(t: np.ndarray, seconds: float, attack: float = 0.004) -> np.ndarray:
    """Fast rise, exponential fall: ``seconds`` is the time to fall to about 1/1000."""
    rise = np.clip(t / attack, 0.0, 1.0) if attack > 0 else 1.0
    return rise * np.exp(-6.9 * t / seconds)


def _partials(t: np.ndarray, base: float, ratios: list[float], decays: list[float], amps: list[float]) -> np.ndarray:
    out = np.zeros_like(t)
    for r, d, a in zip(ratios, decays, amps):
        out += a * np.sin(2 * np.pi * base * r * t) * _decay(t, d)
    return out


def _place(total: np.ndarray, part: np.ndarray, at: float, rate: int) -> None:
    i = int(at * rate)
    n = min(len(part), len(total) - i)
    if n > 0:
        total[i:i + n] += part[:n]


def _smooth(x: np.ndarray, width: int) -> np.ndarray:
    """Moving average: a cheap low-pass for noise."""
    kernel = np.ones(width) / width
    return np.convolve(x, kernel, mode="same")


def _normalise(x: np.ndarray, peak: float = PEAK) -> np.ndarray:
    top = float(np.max(np.abs(x))) if len(x) else 0.0
    return (x * (peak / top) if top > 0 else x).astype(np.float32)


# --- the cues ---------------------------------------------------------------------------------------

def gong(rate: int) -> np.ndarray:
    t = _t(4.0, rate)
    body = _partials(t, 98.0, [1.0, 1.52, 2.03, 2.74, 3.35, 4.17, 5.43],
                     [4.0, 3.2, 2.8, 2.0, 1.6, 1.1, 0.7], [1.0, 0.7, 0.6, 0.45, 0.35, 0.25, 0.15])
    # The shimmer of a gong: two close partials beating slowly.
    body += 0.3 * np.sin(2 * np.pi * 197.5 * t) * _decay(t, 3.5, attack=0.3)
    strike = np.random.default_rng(1).normal(0, 1, len(t)) * _decay(t, 0.05)
    return body + 0.2 * _smooth(strike, 6)


def bell(rate: int, base: float = 660.0, seconds: float = 1.2) -> np.ndarray:
    t = _t(seconds, rate)
    return _partials(t, base, [1.0, 2.0, 2.76, 5.4], [seconds, seconds * 0.6, seconds * 0.4, seconds * 0.2],
                     [1.0, 0.5, 0.35, 0.15])


def click(rate: int, freq: float, seconds: float = 0.06) -> np.ndarray:
    t = _t(seconds, rate)
    return np.sin(2 * np.pi * freq * t) * _decay(t, seconds, attack=0.0005)


def tick_tock(rate: int, seconds: float = 5.0) -> np.ndarray:
    """Tick on the second, tock on the half: for the last seconds of the hourglass."""
    out = np.zeros(int(seconds * rate))
    for i in range(int(seconds * 2)):
        _place(out, click(rate, 2400.0 if i % 2 == 0 else 1600.0) * (0.6 + 0.4 * i / (seconds * 2)), i * 0.5, rate)
    return out


def hourglass_start(rate: int) -> np.ndarray:
    """The glass turned over: a wooden knock, then sand starting to pour."""
    t = _t(1.2, rate)
    knock = _partials(t, 180.0, [1.0, 2.3, 3.9], [0.12, 0.08, 0.05], [1.0, 0.5, 0.3])
    sand = np.random.default_rng(2).normal(0, 1, len(t)) * np.clip((t - 0.1) / 0.3, 0, 1) * _decay(t, 1.2, 0)
    return knock + 0.15 * (sand - _smooth(sand, 4))


def time_up(rate: int) -> np.ndarray:
    """A descending horn over a gong: the last grain has fallen."""
    t = _t(1.6, rate)
    f = 330.0 * np.exp(-0.35 * t)
    phase = 2 * np.pi * np.cumsum(f) / rate
    horn = sum(np.sin(k * phase) / k for k in range(1, 6)) * np.clip(t / 0.05, 0, 1) * np.exp(-1.8 * t)
    return horn + 0.6 * gong(rate)[: len(t)]


def buzzer(rate: int, player: int) -> np.ndarray:
    """A distinct buzz per player: its own pitch and its own pulse pattern."""
    base = [196.0, 261.6, 329.6, 415.3, 523.3, 659.3, 233.1, 293.7][player % 8]
    pulses = [1, 2, 3, 1, 2, 3, 4, 4][player % 8]
    t = _t(0.45, rate)
    square = np.sign(np.sin(2 * np.pi * base * t)) * 0.6 + 0.4 * np.sin(2 * np.pi * base * 2 * t)
    gate = np.zeros_like(t)
    step = 0.45 / pulses
    for k in range(pulses):
        gate += ((t >= k * step) & (t < k * step + step * 0.8)).astype(float)
    return _smooth(square * gate, 8)


def key_won(rate: int) -> np.ndarray:
    """Keys jingling, then a bright rising arpeggio."""
    rng = np.random.default_rng(3)
    out = np.zeros(int(1.4 * rate))
    for at in np.sort(rng.uniform(0.0, 0.45, 7)):
        _place(out, 0.5 * _partials(_t(0.25, rate), rng.uniform(2800, 4200), [1.0, 1.71, 2.45],
                                    [0.25, 0.15, 0.1], [1.0, 0.6, 0.4]), float(at), rate)
    for i, f in enumerate([523.3, 659.3, 784.0, 1046.5]):
        _place(out, bell(rate, f, 0.8), 0.45 + i * 0.1, rate)
    return out


def key_lost(rate: int) -> np.ndarray:
    """A key dropped on stone: clank, then two falling notes."""
    out = np.zeros(int(1.3 * rate))
    _place(out, _partials(_t(0.4, rate), 1900.0, [1.0, 1.37, 2.11], [0.3, 0.2, 0.1], [1.0, 0.7, 0.4]), 0.0, rate)
    _place(out, bell(rate, 392.0, 0.7), 0.25, rate)
    _place(out, bell(rate, 293.7, 0.9), 0.55, rate)
    return out


def splash(rate: int) -> np.ndarray:
    """Something falls into the sea: a burst of dark noise and a few bubbles."""
    rng = np.random.default_rng(4)
    t = _t(1.5, rate)
    noise = _smooth(rng.normal(0, 1, len(t)), 12) * _decay(t, 0.9, attack=0.01)
    out = noise * 2.5
    for at in rng.uniform(0.3, 1.1, 6):
        bt = _t(0.08, rate)
        f = rng.uniform(500, 1100) * (1 + 3 * bt)
        _place(out, 0.25 * np.sin(2 * np.pi * np.cumsum(f) / rate) * _decay(bt, 0.08), float(at), rate)
    return out


def prison_door(rate: int) -> np.ndarray:
    """Hinges creaking, then the heavy door slamming and the bolt."""
    t = _t(0.7, rate)
    creak_f = 180 + 60 * np.sin(2 * np.pi * 3.0 * t)
    creak = np.sign(np.sin(2 * np.pi * np.cumsum(creak_f) / rate)) * 0.25 * np.sin(np.pi * t / 0.7)
    out = np.zeros(int(2.0 * rate))
    _place(out, _smooth(creak, 10), 0.0, rate)
    slam_t = _t(1.2, rate)
    slam = _partials(slam_t, 70.0, [1.0, 1.9, 2.6, 4.3], [1.2, 0.8, 0.5, 0.3], [1.0, 0.7, 0.5, 0.3])
    slam += _smooth(np.random.default_rng(5).normal(0, 1, len(slam_t)), 5) * _decay(slam_t, 0.08)
    _place(out, slam, 0.65, rate)
    _place(out, 0.5 * click(rate, 900.0, 0.1), 1.25, rate)
    return out


def passe_partout(rate: int) -> np.ndarray:
    """The master key: a magic glissando up, with sparkles."""
    t = _t(1.2, rate)
    f = 300.0 * np.power(8.0, np.clip(t / 0.8, 0, 1))
    phase = 2 * np.pi * np.cumsum(f) / rate
    gliss = (np.sin(phase) + 0.3 * np.sin(2 * phase)) * np.clip(t / 0.05, 0, 1) * _decay(t, 1.2, 0)
    rng = np.random.default_rng(6)
    for at in rng.uniform(0.4, 1.0, 8):
        _place(gliss, 0.4 * bell(rate, float(rng.uniform(2000, 3500)), 0.2), float(at), rate)
    return gliss


def _brass(rate: int, freq: float, seconds: float) -> np.ndarray:
    t = _t(seconds, rate)
    env = np.clip(t / 0.03, 0, 1) * np.clip((seconds - t) / 0.08, 0, 1)
    vibrato = 1 + 0.004 * np.sin(2 * np.pi * 5.5 * t)
    phase = 2 * np.pi * freq * np.cumsum(vibrato) / rate
    return env * sum(np.sin(k * phase) / k ** 1.3 for k in range(1, 8))


def fanfare(rate: int) -> np.ndarray:
    """A new round: ta-ta-ta-taaa."""
    notes = [(392.0, 0.0, 0.15), (392.0, 0.18, 0.15), (392.0, 0.36, 0.15), (523.3, 0.54, 0.7)]
    out = np.zeros(int(1.3 * rate))
    for f, at, d in notes:
        _place(out, _brass(rate, f, d), at, rate)
    return out


def coins(rate: int, count: int = 5) -> np.ndarray:
    """Boyards poured on the table: one clink per coin (up to 20)."""
    count = max(1, min(20, count))
    rng = np.random.default_rng(7 + count)
    out = np.zeros(int((0.35 + 0.09 * count) * rate))
    for i in range(count):
        f = float(rng.uniform(3000, 5200))
        _place(out, _partials(_t(0.3, rate), f, [1.0, 1.53, 2.38], [0.3, 0.18, 0.1], [1.0, 0.5, 0.3]),
               i * 0.09 + float(rng.uniform(0, 0.03)), rate)
    return out


def success(rate: int) -> np.ndarray:
    out = np.zeros(int(1.0 * rate))
    for i, f in enumerate([659.3, 880.0]):
        _place(out, bell(rate, f, 0.7), i * 0.12, rate)
    return out


def failure(rate: int) -> np.ndarray:
    out = np.zeros(int(1.0 * rate))
    for i, f in enumerate([311.1, 233.1]):
        _place(out, _brass(rate, f, 0.3 if i == 0 else 0.5) * 0.7, i * 0.3, rate)
    return out


def clue(rate: int) -> np.ndarray:
    """A clue: a soft harp-like arpeggio."""
    out = np.zeros(int(1.4 * rate))
    for i, f in enumerate([392.0, 493.9, 587.3, 784.0]):
        _place(out, bell(rate, f, 0.9) * 0.8, i * 0.08, rate)
    return out


def turn(rate: int) -> np.ndarray:
    """A new turn: two soft bell notes."""
    out = np.zeros(int(1.0 * rate))
    _place(out, bell(rate, 784.0, 0.6), 0.0, rate)
    _place(out, bell(rate, 587.3, 0.8), 0.15, rate)
    return out * 0.6


def door(rate: int) -> np.ndarray:
    """A cell door opens on a challenge: two knocks on wood."""
    out = np.zeros(int(0.6 * rate))
    for at in (0.0, 0.18):
        _place(out, _partials(_t(0.2, rate), 150.0, [1.0, 2.4, 3.7], [0.15, 0.1, 0.06], [1.0, 0.5, 0.3]), at, rate)
    return out


def dice(rate: int) -> np.ndarray:
    """Dice rolling on the table."""
    rng = np.random.default_rng(8)
    out = np.zeros(int(0.9 * rate))
    for i, at in enumerate(np.sort(rng.uniform(0, 0.7, 9))):
        _place(out, click(rate, float(rng.uniform(1200, 2200)), 0.04) * (1 - i / 12), float(at), rate)
    return out


def undo(rate: int) -> np.ndarray:
    """Taking something back: a short falling swoosh."""
    t = _t(0.35, rate)
    noise = np.random.default_rng(9).normal(0, 1, len(t))
    return _smooth(noise, 3) * np.sin(np.pi * t / 0.35) * 0.4 + 0.3 * click(rate, 700.0, 0.35)


def sea(rate: int, seconds: float = 8.0) -> np.ndarray:
    """The ocean around the Fort, as a seamless loop: low noise swelling like waves."""
    rng = np.random.default_rng(10)
    fade = int(1.0 * rate)
    n = int(seconds * rate)
    noise = _smooth(rng.normal(0, 1, n + fade), 40)
    t = np.arange(n + fade) / rate
    waves = 0.55 + 0.45 * np.sin(2 * np.pi * t / (seconds / 2)) ** 2
    body = noise * waves
    # Crossfade the extra tail into the head: the end flows into the start without a click.
    ramp = np.linspace(0.0, 1.0, fade)
    loop = body[:n].copy()
    loop[:fade] = body[:fade] * ramp + body[n:n + fade] * (1 - ramp)
    return loop


def drum_roll(rate: int, seconds: float = 10.0) -> np.ndarray:
    """The hourglass's last seconds: a snare roll that tightens and swells over a low timpani rumble,
    loudest at the last grain."""
    rng = np.random.default_rng(11)
    n = int(seconds * rate)
    out = np.zeros(n)
    stroke_t = _t(0.07, rate)
    # Snare strokes: bright noise with a short body; from 9 to 22 strokes a second as time runs out.
    at, k = 0.0, 0
    while at < seconds:
        progress = at / seconds if seconds else 1.0
        level = 0.35 + 0.65 * progress ** 1.5
        hit = rng.normal(0, 1, len(stroke_t)) - _smooth(rng.normal(0, 1, len(stroke_t)), 3)
        body = 0.6 * np.sin(2 * np.pi * 190 * stroke_t) * _decay(stroke_t, 0.05)
        hit = hit * _decay(stroke_t, 0.07, attack=0.001) + body
        _place(out, hit * level * (0.85 if k % 2 else 1.0), at, rate)  # two sticks: one a little softer
        at += 1.0 / (9.0 + 13.0 * progress)
        k += 1
    t = _t(seconds, rate)
    rumble = _smooth(rng.normal(0, 1, n), 200) * 6.0 * np.sin(2 * np.pi * 55 * t)
    out += rumble * (0.2 + 0.8 * (t / max(seconds, 1e-9)) ** 2)
    fade = np.clip(t / 0.3, 0.0, 1.0)  # in softly, whatever the second it starts on
    return out * fade


def victory(rate: int) -> np.ndarray:
    """The end of the game, on the podium: two timpani strokes, a brass call, a held major chord, coins."""
    out = np.zeros(int(3.6 * rate))
    for at, f in ((0.0, 98.0), (0.25, 130.8)):
        _place(out, 0.9 * _partials(_t(1.0, rate), f, [1.0, 1.5, 1.98], [1.0, 0.6, 0.4], [1.0, 0.5, 0.3]), at, rate)
    call = [(392.0, 0.5, 0.14), (523.3, 0.66, 0.14), (659.3, 0.82, 0.14), (784.0, 0.98, 0.4),
            (659.3, 1.42, 0.14), (784.0, 1.58, 0.14)]
    for f, at, d in call:
        _place(out, _brass(rate, f, d), at, rate)
    for f in (523.3, 659.3, 784.0, 1046.5):
        _place(out, 0.55 * _brass(rate, f, 1.8), 1.78, rate)
    _place(out, 0.5 * coins(rate, 10), 1.9, rate)
    return out


CUES: dict[str, Callable[[int], np.ndarray]] = {
    "gong": gong, "hourglass_start": hourglass_start, "tick_tock": tick_tock, "time_up": time_up,
    "key_won": key_won, "key_lost": key_lost, "splash": splash, "prison_door": prison_door,
    "passe_partout": passe_partout, "fanfare": fanfare, "coins": coins, "victory": victory,
    "success": success, "failure": failure, "clue": clue, "turn": turn, "door": door, "dice": dice,
    "undo": undo, "sea": sea, "drum_roll": drum_roll,
}


class CueBank:
    """Every cue rendered once at the mixer's rate, on first use."""

    def __init__(self, rate: int = 48000) -> None:
        self.rate = rate
        self._made: dict[str, Clip] = {}

    def get(self, name: str) -> Clip:
        if name not in self._made:
            if name not in CUES:
                raise KeyError(f"no cue named {name!r}; known: {', '.join(sorted(CUES))}")
            self._made[name] = Clip(_normalise(CUES[name](self.rate), 0.5 if name == "sea" else PEAK), self.rate)
        return self._made[name]

    def buzzer(self, player: int) -> Clip:
        """The buzzer of the player at that index (0-based) of the table's order."""
        key = f"buzzer-{player % 8}"
        if key not in self._made:
            self._made[key] = Clip(_normalise(buzzer(self.rate, player)), self.rate)
        return self._made[key]

    def coins(self, count: int) -> Clip:
        """One clink per Boyard drawn (at most 20)."""
        key = f"coins-{max(1, min(20, count))}"
        if key not in self._made:
            self._made[key] = Clip(_normalise(coins(self.rate, count)), self.rate)
        return self._made[key]

    def drum_roll(self, seconds: float) -> Clip:
        """The drum roll of the hourglass's last ``seconds`` (a resumed hourglass may have fewer than 10)."""
        key = f"drum_roll-{seconds:.1f}"
        if key not in self._made:
            self._made[key] = Clip(_normalise(drum_roll(self.rate, round(seconds, 1)), 0.6), self.rate)
        return self._made[key]

    def tick_tock(self, seconds: float) -> Clip:
        key = f"tick_tock-{seconds:g}"
        if key not in self._made:
            self._made[key] = Clip(_normalise(tick_tock(self.rate, seconds)), self.rate)
        return self._made[key]
