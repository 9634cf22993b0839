"""Sound: one mixer, synthesised cues, Père Fouras's speech, and the reactions to the game.

The app builds :class:`Reactions` (``Reactions.from_settings``) and adds ``on_answer`` and
``on_time_up`` to its listeners; see docs/sound.md.
"""

from companion.sound.clip import Clip
from companion.sound.cues import CueBank
from companion.sound.devices import OutputDevice, SoundUnavailable, output_devices
from companion.sound.mixer import Mixer, MixerStatus
from companion.sound.reactions import Reactions, SoundStatus

__all__ = ["Clip", "CueBank", "Mixer", "MixerStatus", "OutputDevice", "Reactions", "SoundStatus",
           "SoundUnavailable", "output_devices"]
