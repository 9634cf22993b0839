"""The Pi's 40-pin header: BCM numbers and physical pins, and which pins each part of the box takes.

Used by ``config check`` (two parts on one pin, a UART or SPI pin taken by a button) and by the doctor's
messages, which name both numbers so a maker can follow the wire.
"""

from __future__ import annotations

from typing import Any

#: BCM GPIO number -> physical pin on the 40-pin header (every Pi since the B+, Pi 4 and Pi 5 alike).
PHYSICAL: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33, 19: 35, 26: 37,
    14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32, 16: 36, 20: 38, 21: 40,
}
GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)
POWER_3V3_PINS = (1, 17)
POWER_5V_PINS = (2, 4)

SPI_PINS = {0: {10: "SPI0 MOSI", 11: "SPI0 SCLK", 9: "SPI0 MISO", 8: "SPI0 CE0", 7: "SPI0 CE1"},
            1: {20: "SPI1 MOSI", 21: "SPI1 SCLK", 19: "SPI1 MISO", 18: "SPI1 CE0"}}
UART_PINS = {14: "UART TXD", 15: "UART RXD"}
#: Ports that are the UART on GPIO 14/15 (on a Pi 5 only /dev/ttyAMA0; /dev/serial0 is its debug header).
GPIO_UART_PORTS = ("/dev/ttyAMA0", "/dev/serial0", "/dev/ttyS0")
BOARDS = ("pi4", "pi5", "any")


def label(bcm: int) -> str:
    """``GPIO 17 (pin 11)``."""
    physical = PHYSICAL.get(bcm)
    return f"GPIO {bcm} (pin {physical})" if physical else f"GPIO {bcm} (not on the header)"


def claims(values: dict[str, Any]) -> list[tuple[int, str, str]]:
    """Every (BCM pin, what uses it, the option that says so) of an effective configuration, in the
    order the options come; ``values`` maps option names ("buzzers.pins") to values."""
    out: list[tuple[int, str, str]] = []
    for seat, pin in enumerate(values.get("buzzers.pins") or [], 1):
        out.append((pin, f"buzzer of seat {seat}", "buzzers.pins"))
    for seat, pin in enumerate(values.get("buzzers.led_pins") or [], 1):
        out.append((pin, f"LED of seat {seat}", "buzzers.led_pins"))
    backend = values.get("ring.backend", "screen")
    if backend == "spi":
        bus = values.get("ring.spi_bus", 0)
        for pin, what in SPI_PINS.get(bus, {}).items():
            out.append((pin, f"LED ring ({what})", "ring.spi_bus" if bus else "ring.backend"))
    elif backend == "ws281x":
        out.append((values.get("ring.ws281x_pin", 18), "LED ring (PWM data)", "ring.ws281x_pin"))
    elif backend == "bargraph":
        for i, pin in enumerate(values.get("ring.bar_pins") or [], 1):
            out.append((pin, f"LED {i} of the bar", "ring.bar_pins"))
    if values.get("reader.reader") and values.get("reader.port") in GPIO_UART_PORTS:
        for pin, what in UART_PINS.items():
            out.append((pin, f"RFID reader ({what})", "reader.port"))
    return out


def conflicts(values: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(first option, second option, message) for each pin claimed twice by two parts."""
    first: dict[int, tuple[str, str]] = {}
    found = []
    for pin, what, name in claims(values):
        if pin not in first:
            first[pin] = (what, name)
        elif first[pin][1].split(".")[0] != name.split(".")[0]:  # within one device its own config checks
            found.append((first[pin][1], name, f"{label(pin)} is used twice: by the {first[pin][0]} and by the {what}"))
    return found


def board_problems(board: str, values: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(option, severity, message) for what cannot work on ``board`` (pi4, pi5 or any)."""
    found = []
    backend = values.get("ring.backend")
    if board == "pi5" and backend == "ws281x":
        found.append(("ring.backend", "error", "rpi_ws281x does not work on a Pi 5: use backend = \"spi\" "
                      "(data on GPIO 10, pin 19)"))
    if board == "pi4" and backend == "ws281x" and "headphones" in str(values.get("audio.device", "")).lower():
        found.append(("ring.backend", "warning", "on a Pi 4 the ws281x PWM fights the analogue audio: use "
                      "backend = \"spi\" or HDMI/USB sound"))
    port = values.get("reader.port")
    if board == "pi5" and values.get("reader.reader") and port in ("/dev/serial0", "/dev/ttyS0"):
        found.append(("reader.port", "error", f"on a Pi 5 {port} is not the GPIO 14/15 UART "
                      "(serial0 is the debug header): use /dev/ttyAMA0"))
    return found
