"""Inside the emulated root: imports every module of the companion and the compiled libraries it loads,
and checks that qemu emulates the CPU asked for (a Cortex-A76 has the ARMv8.1 atomics, an A72 not)."""

import ctypes
import importlib
import json
import pkgutil
import sys
import traceback

want_atomics = sys.argv[1] == "cortex-a76"
libc = ctypes.CDLL(None)
libc.getauxval.restype = ctypes.c_ulong
libc.getauxval.argtypes = [ctypes.c_ulong]
hwcap = libc.getauxval(16)  # AT_HWCAP
atomics = bool(hwcap & (1 << 8))  # HWCAP_ATOMICS
failed = []
if atomics != want_atomics:
    failed.append(f"CPU: HWCAP {hwcap:#x}: atomics {atomics}, expected {want_atomics} for {sys.argv[1]}")

import companion  # noqa: E402

names = ["companion"]
for info in pkgutil.walk_packages(companion.__path__, "companion.", onerror=lambda name: failed.append(name)):
    if not info.name.endswith(".__main__"):  # that one runs the program
        names.append(info.name)
for name in names + ["numpy", "onnxruntime", "sounddevice", "serial", "gpiozero", "piper", "kivy.core.text"]:
    print(name, file=sys.stderr, flush=True)  # the last one named is the culprit of a crash
    try:
        importlib.import_module(name)
    except BaseException:  # noqa: BLE001 - a SystemExit from a module is a failure too
        failed.append(name)
        traceback.print_exc()
print(json.dumps({"modules": len(names), "hwcap": hex(hwcap), "failed": failed}))
sys.exit(1 if failed else 0)
