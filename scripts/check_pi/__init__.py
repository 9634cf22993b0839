"""scripts/check-pi: the companion on emulated Raspberry Pis (see docs/pi.md). Not part of the product."""
