"""Checks of the box's parts: buzzers and their LEDs, the LED ring, the RFID reader, sound and speech."""

from __future__ import annotations

import threading
import time
from typing import Any, Iterator

import numpy as np

from companion.config.pins import label
from companion.doctor.base import FAIL, PASS, SKIP, Context, Result

# --- buzzers ---------------------------------------------------------------------------------------


def _buzzers(ctx: Context) -> Any:
    """The app's buzzers, or the configured ones opened once for this run (closed by close_parts)."""
    if ctx.app is not None and getattr(ctx.app, "buzzer_hardware", None) is not None:
        return ctx.app.buzzer_hardware
    if "buzzers" not in ctx.cache:
        from companion.devices.buzzers import BuzzerHardware

        ctx.cache["buzzers"] = BuzzerHardware.open(ctx.config.buzzers, pin_factory=ctx.pin_factory, keyboard=False)
    return ctx.cache["buzzers"]


def close_parts(ctx: Context) -> None:
    for key in ("buzzers",):
        part = ctx.cache.pop(key, None)
        if part is not None:
            part.close()


def check_buzzer_pins(ctx: Context) -> Iterator[Result]:
    config = ctx.config.buzzers
    if not config.pins:
        yield Result.said("buzzers", SKIP, "buzzers_none")
        return
    hw = _buzzers(ctx)
    if hw.gpio is None:
        yield Result.said("buzzers", FAIL, "buzzers_failed", error=hw.notice or "the GPIO buttons could not be opened")
        return
    held = hw.gpio.held()
    pins = ", ".join(label(p) for p in config.pins)
    if held:
        stuck = ", ".join(f"seat {s + 1} ({label(config.pins[s])})" for s in sorted(held))
        yield Result.said("buzzers", FAIL, "buzzers_stuck", stuck=stuck)
    else:
        yield Result.said("buzzers", PASS, "buzzers_ok", n=len(config.pins), pins=pins)
    if config.led_pins:
        if hw.leds is None:
            yield Result.said("buzzer LEDs", FAIL, "buzzers_failed", error=hw.notice or "the LED pins could not be opened")
        else:
            yield Result.said("buzzer LEDs", PASS, "leds_ok", n=len(config.led_pins),
                              pins=", ".join(label(p) for p in config.led_pins))


def check_buzzer_presses(ctx: Context) -> Iterator[Result]:
    """Press each buzzer in turn: the right seat must answer (swapped wires show here)."""
    config = ctx.config.buzzers
    hw = _buzzers(ctx) if config.pins else None
    if hw is None or hw.gpio is None:
        yield Result("buzzer presses", SKIP, "no GPIO buzzers to press")
        return
    presses: list[int] = []
    pressed = threading.Event()

    def sink(seat: int, _at: float, down: bool) -> None:
        if down:
            presses.append(seat)
            pressed.set()

    stop = hw.gpio.subscribe(sink)
    try:
        for seat, pin in enumerate(config.pins):
            presses.clear()
            pressed.clear()
            ctx.say(f"Press buzzer {seat + 1} ({label(pin)}) now…")
            if not pressed.wait(ctx.timeout):
                yield Result(f"buzzer {seat + 1}", FAIL, f"no press in {ctx.timeout:g} s on {label(pin)}: check its "
                             "wire to the pin and to ground")
            elif presses[0] != seat:
                yield Result(f"buzzer {seat + 1}", FAIL, f"seat {presses[0] + 1}'s pin answered: wires swapped?")
            else:
                yield Result(f"buzzer {seat + 1}", PASS, f"pressed on {label(pin)}")
            time.sleep(0.3)  # let go before the next seat
    finally:
        stop()


def check_buzzer_leds(ctx: Context) -> Iterator[Result]:
    config = ctx.config.buzzers
    hw = _buzzers(ctx) if config.led_pins else None
    if hw is None or hw.leds is None:
        yield Result("buzzer LEDs lit", SKIP, "no buzzer LEDs configured" if not config.led_pins else hw.notice or "")
        return
    for seat, pin in enumerate(config.led_pins):
        hw.leds.show_all({seat: "on"})
        seen = ctx.yes(f"Is the LED of buzzer {seat + 1} ({label(pin)}) lit, and only that one?")
        status = PASS if seen else (FAIL if seen is False else SKIP)
        yield Result(f"buzzer {seat + 1} LED", status, label(pin) if seen else f"{label(pin)}: check the LED's "
                     "way round, its resistor and its wire" if seen is False else "no answer")
    hw.leds.show_all({})


# --- the ring --------------------------------------------------------------------------------------

def check_ring(ctx: Context) -> Iterator[Result]:
    config = ctx.config.ring
    if config.backend == "screen":
        yield Result.said("LED ring", SKIP, "ring_none")
        return
    if ctx.app is not None:
        status = ctx.app.ring.status()  # its message is English: the app says it from the status's fields
        if status.ok:
            yield Result.said("LED ring", PASS, "ring_ok", backend=config.backend, n=config.led_count)
        else:
            yield Result.said("LED ring", FAIL, "ring_failed", backend=config.backend, error=status.last_error or "?")
        return
    from companion.devices.ring import open_backend

    try:
        backend = open_backend(config)
    except Exception as exc:  # the library's own errors say what is missing
        yield Result.said("LED ring", FAIL, "ring_failed", backend=config.backend, error=str(exc))
        return
    backend.close()
    if config.budget_ma:
        yield Result.said("LED ring", PASS, "ring_ok_budget", backend=config.backend, n=config.led_count,
                          budget=config.budget_ma)
    else:
        yield Result.said("LED ring", PASS, "ring_ok", backend=config.backend, n=config.led_count)


def pattern(n: int, step: int) -> list[tuple[int, int, int]]:
    """The test picture: red, green, blue and white quarters clockwise from the top, and one bright dot
    at LED ``step`` (0 at the top) walking clockwise."""
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    frame = [tuple(c // 8 for c in colours[min(3, i * 4 // n)]) for i in range(n)]
    frame[step % n] = colours[min(3, (step % n) * 4 // n)]
    return frame  # type: ignore[return-value]


def check_ring_pattern(ctx: Context) -> Iterator[Result]:
    config = ctx.config.ring
    if config.backend == "screen" or ctx.app is not None:
        yield Result("ring pattern", SKIP, "no LED ring configured" if config.backend == "screen"
                     else "run `companion doctor` at the box for the ring's test pattern")
        return
    from companion.devices.ring import open_backend, orient

    backend = open_backend(config)
    try:
        ctx.say("Watch the ring: a dim red, green, blue, white ring from the top, clockwise, and a dot going round…")
        for step in range(config.led_count * 2):
            frame = orient(pattern(config.led_count, step), config.rotation, config.clockwise)
            backend.show(config.power.apply(frame))
            time.sleep(1.5 / config.led_count)
        seen = ctx.yes("Did red start at the top, and did the colours and the dot go clockwise?")
        backend.show([(0, 0, 0)] * config.led_count)
    finally:
        backend.close()
    if seen:
        yield Result("ring pattern", PASS, "colours in order, clockwise from the top")
    else:
        yield Result("ring pattern", FAIL if seen is False else SKIP,
                     "set [ring] rotation (the LED at the top) and clockwise, or check pixel_order"
                     if seen is False else "no answer")


# --- the reader ------------------------------------------------------------------------------------

def check_reader(ctx: Context) -> Iterator[Result]:
    reader = ctx.config.reader
    if reader is None:
        yield Result.said("RFID reader", SKIP, "reader_none")
        return
    try:
        import serial
    except ImportError:
        yield Result.said("RFID reader", FAIL, "reader_no_pyserial")
        return
    port = reader.port
    baud = getattr(reader, "baudrate", None) or reader.baud or 9600
    try:
        with serial.serial_for_url(port, baudrate=baud, timeout=0.1):
            pass
    except (serial.SerialException, OSError, ValueError) as exc:
        yield Result.said("RFID reader", FAIL, "reader_failed", port=port, error=str(exc))
        return
    yield Result.said("RFID reader", PASS, "reader_ok", reader=reader.reader, port=port, baud=baud)


def check_reader_scan(ctx: Context) -> Iterator[Result]:
    reader = ctx.config.reader
    if reader is None:
        yield Result("scan a tile", SKIP, "no reader configured")
        return
    try:
        from companion.devices.rfid import TileReader
    except ImportError:
        yield Result("scan a tile", SKIP, "this version has no RFID reader support")
        return
    seen: list[Any] = []
    got = threading.Event()

    def on_event(event: Any) -> None:
        if event.event == "placed":
            seen.append(event)
            got.set()

    with TileReader(reader, on_event=on_event) as runner:
        runner.start()
        ctx.say(f"Hold a tile on the reader now ({ctx.timeout:g} s)…")
        got.wait(ctx.timeout)
        status = runner.status()
    if seen:
        yield Result("scan a tile", PASS, f"tag {seen[0].tag}")
    else:
        yield Result("scan a tile", FAIL, f"no tag in {ctx.timeout:g} s: {status.message}")


# --- sound and speech ------------------------------------------------------------------------------

def tone(rate: int, seconds: float = 0.6, hz: float = 440.0):
    from companion.sound.clip import Clip

    t = np.arange(int(rate * seconds)) / rate
    ramp = np.minimum(1.0, np.minimum(t, seconds - t) / 0.02)
    return Clip((0.3 * np.sin(2 * np.pi * hz * t) * ramp).astype(np.float32), rate)


def check_sound(ctx: Context) -> Iterator[Result]:
    from companion.sound.mixer import Mixer

    owned = ctx.app is None or getattr(ctx.app, "sound", None) is None
    mixer = Mixer(device=ctx.config.settings.sound_device or None, retry_interval=0.5) if owned else ctx.app.sound.mixer
    try:
        if owned:
            mixer.start()
            end = time.monotonic() + 3.0
            while not mixer.is_on and time.monotonic() < end:
                time.sleep(0.1)
        status = mixer.status()
        if not status.on:
            listed = ", ".join(status.devices) or "none"
            yield Result.said("sound output", FAIL, "sound_off", reason=status.reason or status.state, devices=listed)
            return
        before = mixer.bus.frames_out
        clip = tone(mixer.rate)
        mixer.play(clip, "cues").wait(clip.seconds + 3)
        frames = mixer.bus.frames_out - before
        if frames <= 0:
            yield Result.said("sound output", FAIL, "sound_stuck", device=status.device)
            return
        heard = ctx.yes("Did you hear a short tone?") if ctx.interactive else None
        played = {"device": status.device, "hostapi": status.hostapi, "rate": status.rate, "frames": frames}
        if heard is False:
            yield Result.said("sound output", FAIL, "sound_unheard", **played)
        else:
            yield Result.said("sound output", PASS, "sound_heard" if heard else "sound_played", **played)
    finally:
        if owned:
            mixer.close()


def check_speech(ctx: Context) -> Iterator[Result]:
    from companion.app.table.language import LANGUAGES
    from companion.sound.speech.speech import Speech

    speech = Speech(engine=ctx.config.settings.speech_engine or None)
    for language in LANGUAGES:
        status = speech.status(language)
        voices = {engine: len(v) for engine, v in status.voices.items() if engine != "silent"}
        installed = ", ".join(f"{e} {n} voice(s)" for e, n in voices.items()) or "no engine"
        if status.engine == "silent":
            yield Result.said(f"speech ({language})", FAIL, "speech_silent", passed="; ".join(status.passed_over))
            continue
        started = time.perf_counter()
        clip = speech.render("Fort Boyard", language, strict=True)
        ms = (time.perf_counter() - started) * 1000
        yield Result.said(f"speech ({language})", PASS, "speech_ok", engine=status.engine, voice=status.voice,
                          seconds=clip.seconds, ms=ms, installed=installed)
