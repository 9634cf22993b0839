"""The readers' decoders on byte strings: frames, frames split across reads, noise, bad checksums, fuzz."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.devices.rfid import asciihex, fuzz, pn532
from companion.devices.rfid.emulate import Pn532Chip
from companion.devices.rfid.id12 import Id12
from companion.devices.rfid.id12 import frame as id12_frame
from companion.devices.rfid.pn532 import ACK, NACK, FrameDecoder, Pn532, parse_targets, reply
from companion.devices.rfid.rdm6300 import Rdm6300
from companion.devices.rfid.rdm6300 import frame as rdm_frame

TAG = "1A0033F2C4"
OTHER = "7F001B2A93"


# --- RDM6300 ---------------------------------------------------------------------------------------


def test_rdm6300_frame_is_stx_ten_digits_xor_checksum_etx():
    # 1A ^ 00 ^ 33 ^ F2 ^ C4 = 1F
    assert rdm_frame(TAG) == b"\x021A0033F2C41F\x03"
    d = Rdm6300()
    assert d.feed(b"\x021A0033F2C41F\x03") == [TAG]
    assert d.stats.frames == 1 and d.stats.dropped == 0


def test_rdm6300_frame_split_across_every_possible_read():
    data = rdm_frame(TAG)
    for cut in range(1, len(data)):
        d = Rdm6300()
        assert d.feed(data[:cut]) == []
        assert d.feed(data[cut:]) == [TAG], cut


def test_rdm6300_byte_by_byte_with_repeats():
    d = Rdm6300()
    out = []
    for b in rdm_frame(TAG) * 3 + rdm_frame(OTHER):
        out += d.feed(bytes([b]))
    assert out == [TAG, TAG, TAG, OTHER]


def test_rdm6300_bad_checksum_is_dropped_and_counted():
    bad = b"\x021A0033F2C41E\x03"
    d = Rdm6300()
    assert d.feed(bad + rdm_frame(OTHER)) == [OTHER]
    assert d.stats.bad_checksum == 1 and d.stats.frames == 1


def test_rdm6300_noise_partial_frames_and_lower_case_never_make_a_tag():
    d = Rdm6300()
    cut = rdm_frame(TAG)[:7]
    noise = b"\xff\x00hello\x03\x03"
    lower = b"\x021a0033f2c41f\x03"
    missing_etx = rdm_frame(TAG)[:-1] + b"X"
    assert d.feed(noise + cut + rdm_frame(OTHER) + lower + missing_etx + noise) == [OTHER]
    assert d.stats.malformed == 3  # cut short by the next STX, a lower-case digit, no ETX
    assert d.stats.noise_bytes > 0


def test_rdm6300_frame_after_a_cut_frame_is_found_by_its_stx():
    d = Rdm6300()
    assert d.feed(b"\x021A00" + rdm_frame(TAG)) == [TAG]
    assert d.stats.malformed == 1


def test_an_id12_frame_is_not_an_rdm6300_frame():
    assert Rdm6300().feed(id12_frame(TAG)) == []


# --- ID-12LA / ID-20LA -----------------------------------------------------------------------------


def test_id12_frame_ends_with_cr_lf_etx():
    assert id12_frame(OTHER) == b"\x027F001B2A93" + b"%02X" % asciihex.checksum(b"7F001B2A93") + b"\r\n\x03"
    d = Id12()
    assert d.feed(id12_frame(OTHER)) == [OTHER]
    assert d.feed(rdm_frame(TAG)) == []  # ETX where CR belongs
    assert d.stats.malformed == 1


def test_id12_frame_split_across_every_possible_read():
    data = id12_frame(OTHER)
    for cut in range(1, len(data)):
        d = Id12()
        assert d.feed(data[:cut]) + d.feed(data[cut:]) == [OTHER], cut


def test_id12_bad_checksum_and_swapped_trailer_are_dropped():
    good = id12_frame(TAG)
    d = Id12()
    assert d.feed(good[:11] + b"00" + good[13:]) == []  # checksum 00 instead of 1F
    assert d.feed(good[:13] + b"\n\r\x03") == []
    assert d.stats.bad_checksum == 1 and d.stats.malformed == 1


@given(st.lists(st.sampled_from([TAG, OTHER, "0000000000", "FFFFFFFFFF"]), max_size=6),
       st.lists(st.integers(1, 20), min_size=1, max_size=40), st.sampled_from(["rdm6300", "id12"]))
@settings(max_examples=200, deadline=None)
def test_ascii_decoders_give_the_same_tags_however_the_bytes_are_split(tags, cuts, reader):
    cls, make = (Rdm6300, rdm_frame) if reader == "rdm6300" else (Id12, id12_frame)
    stream = b"\x00noise".join(make(t) for t in tags)
    d, out, i, k = cls(), [], 0, 0
    while i < len(stream):
        n = cuts[k % len(cuts)]
        out += d.feed(stream[i:i + n])
        i, k = i + n, k + 1
    assert out == tags


# --- PN532 -----------------------------------------------------------------------------------------


def test_pn532_command_frames_have_length_and_data_checksums():
    # SAMConfiguration, normal mode, as in the PN532 user manual: 00 00 FF 05 FB D4 14 01 14 01 02 00
    assert pn532.command(0x14, bytes([0x01, 0x14, 0x01])) == bytes.fromhex("0000FF05FBD4140114010200")
    assert pn532.command(0x02) == bytes.fromhex("0000FF02FED4022A00")  # GetFirmwareVersion


def test_pn532_frame_decoder_reads_ack_nack_error_and_data_frames_split_anywhere():
    error = bytes.fromhex("0000FF01FF7F8100")
    stream = ACK + NACK + error + reply(0x02, bytes([0x32, 1, 6, 7]))
    for cut in range(1, len(stream)):
        d = FrameDecoder()
        frames = d.feed(stream[:cut]) + d.feed(stream[cut:])
        assert [f.kind for f in frames] == ["ack", "nack", "error", "data"], cut
        assert frames[-1].code == 0x03 and frames[-1].params == bytes([0x32, 1, 6, 7])


def test_pn532_extended_frame_is_read():
    data = bytes([0xD5, 0x4B]) + bytes(range(40))
    n = len(data)
    ext = b"\x00\x00\xff\xff\xff" + bytes([n >> 8, n & 0xFF, -(n >> 8) - (n & 0xFF) & 0xFF]) + data
    ext += bytes([-sum(data) & 0xFF, 0])
    [f] = FrameDecoder().feed(ext)
    assert f.data == data


def test_pn532_bad_checksums_are_dropped_and_the_next_frame_still_found():
    good = reply(0x4A, bytes.fromhex("01 01 0044 00 07 04A224B2C53C80"))
    bad_dcs = bytearray(good)
    bad_dcs[-2] ^= 0x01
    bad_lcs = bytearray(good)
    bad_lcs[4] ^= 0x01
    d = FrameDecoder()
    frames = d.feed(bytes(bad_dcs) + bytes(bad_lcs) + good)
    assert [f.data for f in frames] == [good[5:-2]]
    assert d.stats.bad_checksum == 1 and d.stats.malformed == 1


def test_pn532_garbage_that_looks_like_a_long_header_does_not_swallow_the_reply_behind_it():
    good = reply(0x4A, b"\x00")
    d = FrameDecoder()
    frames = d.feed(b"\x00\xff\x80\x80" + ACK + good)  # a "frame" of 128 bytes that never comes
    assert [f.kind for f in frames] == ["ack", "data"]
    assert d.stats.malformed == 1


def test_pn532_in_list_passive_target_reply_gives_the_uid():
    assert parse_targets(bytes.fromhex("00")) == []
    assert parse_targets(bytes.fromhex("01 01 0044 00 07 04A224B2C53C80")) == ["04A224B2C53C80"]
    assert parse_targets(bytes.fromhex("01 01 0004 08 04 DEADBEEF")) == ["DEADBEEF"]  # MIFARE Classic 1K
    # ISO 14443-4 (SEL_RES bit 0x20): the ATS follows the UID and is skipped.
    assert parse_targets(bytes.fromhex("01 01 0344 20 07 04112233445566 05 78807002")) == ["04112233445566"]


@pytest.mark.parametrize("params", ["", "03", "01 01 0044 00", "01 01 0044 00 05 0102030405", "01 01 0044 00 07 0102",
                                    "01 01 0044 00 04 01020304 FF", "01 01 0044 20 04 01020304 09 00"])
def test_pn532_malformed_target_lists_give_nothing(params):
    assert parse_targets(bytes.fromhex(params)) is None


def converse(session: Pn532, chip: Pn532Chip, now: float = 0.0) -> list[str]:
    """Pass bytes both ways until the host has nothing more to say (no I/O: the chip is pure)."""
    tags: list[str] = []
    for _ in range(20):
        out = session.output()
        if not out:
            break
        tags += session.feed(chip.feed(out), now)
    return tags


def test_pn532_session_wakes_configures_and_polls():
    session, chip = Pn532(poll_s=0.1), Pn532Chip(["04A224B2C53C80"])
    session.start(0.0)
    assert session.output().startswith(pn532.WAKEUP) and not chip.awake
    session.start(0.0)
    assert converse(session, chip) == []
    assert chip.awake and chip.commands == [pn532.SAM_CONFIGURATION, pn532.RF_CONFIGURATION, pn532.GET_FIRMWARE_VERSION]
    assert session.detail == "PN532 v1.6"
    assert session.deadline() == pytest.approx(0.1)
    session.tick(0.05)
    assert session.output() == b""  # not yet time to poll
    session.tick(0.1)
    assert converse(session, chip, 0.1) == ["04A224B2C53C80"]
    chip.tags = []
    session.tick(0.2)
    assert converse(session, chip, 0.2) == []
    assert session.stats.timeouts == 0 and session.stats.dropped == 0


def test_pn532_session_wakes_the_chip_again_when_a_command_is_never_answered():
    session = Pn532()
    session.start(0.0)
    session.output()
    session.tick(session.ack_timeout_s + 0.01)
    assert session.stats.timeouts == 1
    assert session.output().startswith(pn532.WAKEUP)


def test_pn532_session_resends_after_a_nack_and_ignores_replies_nobody_asked_for():
    session, chip = Pn532(), Pn532Chip(asleep=False)
    session.start(0.0)
    first = session.output()
    session.feed(NACK, 0.0)
    again = session.output()
    assert again == first[len(pn532.WAKEUP):]
    assert session.feed(reply(0x4A, bytes.fromhex("01 01 0044 00 04 DEADBEEF")), 0.0) == []  # not the pending command
    assert session.stats.unexpected == 1
    session.feed(chip.feed(again), 0.0)
    assert converse(session, chip) == [] and session.detail == "PN532 v1.6"


# --- fuzz ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("reader", ["rdm6300", "id12"])
def test_fuzz_a_million_random_and_mutated_bytes_through_the_ascii_decoders(reader):
    result = fuzz.fuzz_ascii(reader, 1_000_000, seed=6)
    assert result.bytes_fed >= 1_000_000
    assert result.exceptions == []
    assert result.false_tags == 0
    assert result.missed == 0  # every valid frame in the noise is found
    assert result.tags > 1000


def test_fuzz_a_million_random_and_mutated_bytes_through_the_pn532_session():
    result = fuzz.fuzz_pn532(1_000_000, seed=6)
    assert result.bytes_fed >= 1_000_000
    assert result.exceptions == []
    assert result.false_tags == 0
    assert result.tags > 500


def test_the_fuzz_oracle_catches_a_decoder_that_skips_the_checksum(monkeypatch):
    monkeypatch.setattr(asciihex.AsciiHexDecoder, "_check",
                        lambda self, digits: digits[:10].decode())
    result = fuzz.fuzz_ascii("rdm6300", 100_000, seed=3)
    assert result.false_tags > 0


def test_the_pn532_oracle_catches_a_session_that_reports_tags_from_damaged_frames(monkeypatch):
    original = pn532._frame_at

    def no_checksum(b, s, strict_ack):
        found, end = original(b, s, strict_ack)
        if found is pn532._BAD_CHECKSUM:
            i = s + 2
            length = b[i]
            data = bytes(b[i + 2:i + 2 + length])
            return pn532.Frame("data", data, bytes(b[s:i + 3 + length])), i + 3 + length
        return found, end

    monkeypatch.setattr(pn532, "_frame_at", no_checksum)
    result = fuzz.fuzz_pn532(300_000, seed=5)
    assert result.false_tags > 0
