"""The mixer: pure mixing, then real output through PortAudio on a JACK dummy device, and the silent
cases (no device, a device that appears late, a device that vanishes) in processes of their own."""

from __future__ import annotations

import signal
import threading
import time

import numpy as np
import pytest

from companion.sound.clip import Clip
from companion.sound.mixbus import DUCKING, MixBus, Playback
from tests.test_sound_support import JackServer, alsa_null_home, need_portaudio, run_python  # noqa: F401

RATE = 48000


def tone(seconds: float = 0.2, value: float = 0.25, rate: int = RATE) -> Clip:
    return Clip(np.full(int(seconds * rate), value, dtype=np.float32), rate)


# --- MixBus: pure --------------------------------------------------------------------------------

def test_two_sounds_at_once_add_up():
    bus = MixBus(channels=2)
    a = bus.add(Playback(np.full(100, 0.25, np.float32), "cues"))
    b = bus.add(Playback(np.full(50, 0.5, np.float32), "voice"))
    block = bus.render(100)
    assert block.shape == (100, 2)
    assert np.allclose(block[:50, 0], 0.75) and np.allclose(block[50:, 0], 0.25)
    assert np.array_equal(block[:, 0], block[:, 1])
    assert a.done.is_set() and b.done.is_set() and a.started.is_set()


def test_category_master_and_mute_scale_the_output():
    bus = MixBus()
    bus.set_volume("cues", 0.5)
    bus.set_master(0.5)
    bus.add(Playback(np.full(10, 0.8, np.float32), "cues"))
    assert np.allclose(bus.render(10)[:, 0], 0.2)
    bus.muted = True
    bus.add(Playback(np.full(10, 0.8, np.float32), "voice"))
    assert not bus.render(10).any()
    with pytest.raises(ValueError):
        bus.set_volume("music", 0.5)
    with pytest.raises(ValueError):
        bus.set_master(1.5)


def test_delay_loop_stop_and_clipping():
    bus = MixBus(channels=1)
    late = bus.add(Playback(np.ones(4, np.float32), "cues", delay_frames=6))
    out = bus.render(8)[:, 0]
    assert list(out[:6]) == [0] * 6 and list(out[6:]) == [1, 1]
    assert late.started.is_set() and not late.done.is_set()
    bus.render(8)
    assert late.done.is_set()
    loop = bus.add(Playback(np.array([0.1, 0.2, 0.3], np.float32), "ambience", loop=True))
    assert np.allclose(bus.render(7)[:, 0], [0.1, 0.2, 0.3, 0.1, 0.2, 0.3, 0.1])
    bus.add(Playback(np.full(7, 0.95, np.float32), "cues"))
    assert bus.render(7).max() == pytest.approx(1.0)  # clipped, not wrapped
    loop.stop()
    assert not bus.render(7).any()


def test_ambience_is_lowered_while_the_voice_speaks():
    bus = MixBus(channels=1)
    bus.add(Playback(np.full(40, 0.5, np.float32), "ambience", loop=True))
    assert bus.render(10)[0, 0] == pytest.approx(0.5)
    bus.add(Playback(np.zeros(20, np.float32), "voice"))
    assert bus.render(10)[0, 0] == pytest.approx(0.5 * DUCKING)


def test_resampling_keeps_duration_and_pitch():
    rate_in, f = 22050, 440.0
    x = np.sin(2 * np.pi * f * np.arange(rate_in) / rate_in).astype(np.float32)
    y = Clip(x, rate_in).at_rate(RATE)
    assert len(y) == RATE
    spectrum = np.abs(np.fft.rfft(y.samples))
    assert np.argmax(spectrum) * RATE / len(y) == pytest.approx(f, abs=2)


# --- a real stream on the JACK dummy device --------------------------------------------------------

@pytest.fixture
def mixer(jack_server):
    from companion.sound.mixer import Mixer

    m = Mixer().start()
    assert m.is_on, m.status()
    yield m
    m.close()


def listen(mixer) -> list[np.ndarray]:
    blocks: list[np.ndarray] = []
    mixer.bus.monitor = blocks.append
    return blocks


def test_sounds_reach_the_device_mixed(mixer):
    st = mixer.status()
    assert st.on and st.hostapi.startswith("JACK") and st.rate == RATE and st.reason is None
    blocks = listen(mixer)
    a = mixer.play(tone(0.3, 0.25), "cues")
    b = mixer.play(tone(0.3, 0.25), "voice")
    assert a.wait(10) and b.wait(10)
    assert a.started_at is not None and b.started_at is not None
    out = np.concatenate(blocks)
    assert out.max() == pytest.approx(0.5, abs=1e-6)  # both at once, summed by the mixer
    assert (np.abs(out - 0.5) < 1e-6).sum() >= int(0.29 * RATE)


def test_volume_and_mute_change_what_the_device_gets(mixer):
    blocks = listen(mixer)
    mixer.set_volume("cues", 0.5)
    mixer.set_master(0.5)
    assert mixer.play(tone(0.1, 0.8), "cues").wait(10)
    assert np.concatenate(blocks).max() == pytest.approx(0.2, abs=1e-6)
    blocks.clear()
    mixer.set_muted(True)
    assert mixer.play(tone(0.1, 0.8), "voice").wait(10)
    assert not np.concatenate(blocks).any()


def test_a_stopped_sound_ends_and_a_loop_keeps_going(mixer):
    loop = mixer.play(tone(0.05), "ambience", loop=True)
    assert loop.started.wait(10)
    frames = mixer.bus.frames_out
    while mixer.bus.frames_out < frames + RATE // 5:  # 0.2 s of output: longer than the clip
        threading.Event().wait(0.02)
    assert loop.playing
    loop.stop()
    assert loop.wait(1)


def test_device_chosen_by_name_and_a_missing_name_says_what_exists(jack_server):
    from companion.sound.mixer import Mixer

    with Mixer(device="system") as m:
        assert m.status().device == "system"
    with Mixer(device="SYS") as m:  # part of the name, any case
        assert m.is_on and m.status().device == "system"
    with Mixer(device="USB speaker", retry_interval=60) as m:
        st = m.status()
        assert not st.on and st.state == "opening"
        assert "'USB speaker' is not there" in st.reason and "'system'" in st.reason
        assert "system" in st.devices
        assert m.play(tone(), "cues").done.is_set()  # dropped, not queued
        switched = m.use_device("system")
        assert switched.on and switched.device == "system"


# --- the silent cases, each in a fresh process -------------------------------------------------------

def test_no_device_at_all_means_silence_and_a_reason(run_python, tmp_path):
    need_portaudio()
    empty_home = tmp_path / "home"
    empty_home.mkdir()
    out = run_python("""
        from companion.sound.devices import output_devices
        if output_devices():
            print("HAS-DEVICES", [d.name for d in output_devices()])
            raise SystemExit(0)
        import numpy as np
        from companion.sound.clip import Clip
        from companion.sound.mixer import Mixer
        m = Mixer(retry_interval=0.05).start()
        p = m.play(Clip(np.ones(100, np.float32), 48000), "cues")
        st = m.status()
        print("STATE", st.state, "|", st.reason, "|", st.summary(), "|", p.done.is_set(), p.started.is_set())
        m.close()
    """, env={"HOME": str(empty_home)})
    assert out.returncode == 0, out.stderr
    if "HAS-DEVICES" in out.stdout:
        pytest.skip(f"this machine has a real sound card: {out.stdout.strip()}")
    assert "STATE opening | no audio output device was found" in out.stdout
    assert "No sound: no audio output device" in out.stdout
    assert out.stdout.strip().endswith("True False")


def test_a_device_that_appears_late_is_found(run_python):
    need_portaudio()
    server = JackServer()
    code = f"""
        import os, subprocess, time
        from tests.test_sound_support import die_with_parent
        from companion.sound.mixer import Mixer
        m = Mixer(retry_interval=0.1, max_retry_interval=0.2).start()
        print("BEFORE", m.status().state, m.status().reason)
        jack = subprocess.Popen(["jackd", "-n", "{server.name}", "--no-realtime", "-d", "dummy", "-r", "48000",
                                 "-p", "480"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                preexec_fn=die_with_parent)
        try:
            deadline = time.monotonic() + 60
            while not m.is_on and time.monotonic() < deadline:
                time.sleep(0.05)
            st = m.status()
            print("AFTER", st.state, st.device, st.hostapi)
            m.close()
            # PortAudio lets go of the JACK server before it stops (else its exit handler aborts).
            import sounddevice
            sounddevice._terminate()
        finally:
            jack.terminate()
            jack.wait()
    """
    from tests.test_sound_support import need

    need("jackd", "jackd2")
    out = run_python(code, env={"JACK_DEFAULT_SERVER": server.name})
    assert out.returncode == 0, out.stderr
    assert "BEFORE opening no audio output device" in out.stdout
    assert "AFTER on system JACK" in out.stdout


def test_a_vanishing_device_goes_silent_and_the_app_can_still_quit(run_python):
    need_portaudio()
    from tests.test_sound_support import need

    need("jackd", "jackd2")
    server = JackServer()
    code = f"""
        import subprocess, time
        import numpy as np
        from tests.test_sound_support import die_with_parent
        jack = subprocess.Popen(["jackd", "-n", "{server.name}", "--no-realtime", "-d", "dummy", "-r", "48000",
                                 "-p", "480"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                preexec_fn=die_with_parent)
        subprocess.run(["jack_wait", "-s", "{server.name}", "-w", "-t", "20"], check=True, capture_output=True)
        from companion.sound.clip import Clip
        from companion.sound.mixer import Mixer
        m = Mixer(retry_interval=0.2, stall_seconds=0.5).start()
        print("ON", m.is_on)
        jack.terminate(); jack.wait()
        deadline = time.monotonic() + 30
        while m.is_on and time.monotonic() < deadline:
            time.sleep(0.05)
        p = m.play(Clip(np.ones(4800, np.float32), 48000), "cues")
        st = m.status()
        print("GONE", st.state, "|", st.reason, "|", p.done.is_set())
        m.close()
        print("CLOSED")
    """
    out = run_python(code, env={"JACK_DEFAULT_SERVER": server.name}, timeout=90)
    assert out.returncode == 0, out.stderr
    assert "ON True" in out.stdout
    assert "GONE opening | the audio device 'system' stopped answering" in out.stdout
    assert out.stdout.strip().endswith("CLOSED")


def test_the_alsa_null_device_plays_a_cue_to_the_end(alsa_null_home, run_python):
    need_portaudio()
    out = run_python("""
        from companion.sound.cues import CueBank
        from companion.sound.mixer import Mixer
        with Mixer(device="nullout") as m:
            st = m.status()
            p = m.play(CueBank(m.rate).get("gong"), "cues")
            print("PLAYED", st.device, st.hostapi, p.wait(30), round(m.bus.peak, 2))
    """, env={"HOME": str(alsa_null_home)})
    assert out.returncode == 0, out.stderr
    assert "PLAYED nullout ALSA True 0.8" in out.stdout


def test_a_test_run_killed_outright_leaves_no_jackd_behind(run_python):
    """The virtual sound card's jackd dies with the test process that started it, even on SIGKILL."""
    from tests.test_sound_support import need

    need("jackd", "jackd2")
    code = """
        import os, signal
        from tests.test_sound_support import JackServer
        server = JackServer().start()
        print(server.proc.pid, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """
    out = run_python(code)
    assert out.returncode == -signal.SIGKILL
    pid = int(out.stdout.split()[0])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.05)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_a_mixer_never_restarts_portaudio_while_another_thread_is_inside_it():
    # Under load a test run froze: two mixers' keepers restarted PortAudio at once beside a closing stream,
    # and the game's next sound waited on the stuck keeper for good. PortAudio's process-wide calls now
    # share one lock: a keeper that finds it taken tries again later, and play() never waits on it.
    from companion.sound.devices import PORTAUDIO_LOCK
    from companion.sound.mixer import Mixer

    m = Mixer(retry_interval=60)
    inside, leave = threading.Event(), threading.Event()

    def closing_stream():  # another thread inside PortAudio (a stream closing, another mixer's restart)
        with PORTAUDIO_LOCK:
            inside.set()
            leave.wait(10)

    other = threading.Thread(target=closing_stream, daemon=True)
    other.start()
    try:
        assert inside.wait(5)
        assert m._try_open() is False  # gave up on PortAudio rather than waiting inside this mixer's lock
        assert "busy" in m.status().reason
        assert m._attempts == 0  # PortAudio was not touched: no attempt counted, no restart made
        played = m.play(tone(), "cues")
        assert played.done.is_set()  # no device yet: dropped at once, not held behind PortAudio
    finally:
        leave.set()
        other.join(5)
        m.close()
