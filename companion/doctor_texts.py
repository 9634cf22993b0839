"""What the doctor's checks say, in English and French: the terminal prints the English, the app's
hardware check screen shows the table's language (the app's catalogue takes these in).

Values are as the parts give them (a device path, a library's error, a model name) and are not
translated. A check that says something new adds it here, in both languages (a test keeps them paired).
"""

from __future__ import annotations

DOCTOR_TEXTS: dict[str, dict[str, str]] = {
    "doctor.d.needs_person": {"en": "needs a person at the box (run without --non-interactive)",
                              "fr": "il faut quelqu'un devant la boîte (companion doctor dans un terminal)"},
    "doctor.d.nothing": {"en": "nothing to check ({seconds:.1f} s)", "fr": "rien à vérifier ({seconds:.1f} s)"},
    "doctor.d.raised": {"en": "{error}", "fr": "{error}"},
    # board, pins, configuration
    "doctor.d.not_pi": {"en": "not a Raspberry Pi", "fr": "pas un Raspberry Pi"},
    "doctor.d.board_not_pi": {"en": "not a Raspberry Pi ({model})", "fr": "pas un Raspberry Pi ({model})"},
    "doctor.d.board_ok": {"en": "{model}", "fr": "{model}"},
    "doctor.d.board_ok_for": {"en": "{model} (the profile is for a {wanted})",
                              "fr": "{model} (le profil est pour un {wanted})"},
    "doctor.d.board_wrong": {"en": "{model}, but the hardware profile is for a {wanted}: choose its profile",
                             "fr": "{model}, mais le profil matériel est pour un {wanted} : choisissez le bon profil"},
    "doctor.d.pins_none": {"en": "no GPIO here and none configured ({error})",
                           "fr": "pas de GPIO ici, et aucun n'est configuré ({error})"},
    "doctor.d.pins_failed_pi": {"en": "{error}; install lgpio (python3-lgpio)",
                                "fr": "{error} ; installez lgpio (python3-lgpio)"},
    "doctor.d.pins_failed_desktop": {"en": "{error}; not a Pi: GPIOZERO_PIN_FACTORY=mock simulates the pins",
                                     "fr": "{error} ; pas un Pi : GPIOZERO_PIN_FACTORY=mock simule les broches"},
    "doctor.d.pins_mock_on_pi": {"en": "MockFactory on a Pi: the buzzers are simulated (unset GPIOZERO_PIN_FACTORY)",
                                 "fr": "MockFactory sur un Pi : les buzzers sont simulés (retirez GPIOZERO_PIN_FACTORY)"},
    "doctor.d.pins_mock": {"en": "MockFactory: pins simulated (not a Raspberry Pi)",
                           "fr": "MockFactory : broches simulées (pas un Raspberry Pi)"},
    "doctor.d.pins_rpigpio_pi5": {"en": "RPi.GPIO does not work on a Pi 5: install lgpio (python3-lgpio)",
                                  "fr": "RPi.GPIO ne fonctionne pas sur un Pi 5 : installez lgpio (python3-lgpio)"},
    "doctor.d.pins_ok": {"en": "{factory}", "fr": "{factory}"},
    "doctor.d.config_problem": {"en": "{problem}", "fr": "{problem}"},
    "doctor.d.config_file": {"en": "{path} (profile {profile})", "fr": "{path} (profil {profile})"},
    "doctor.d.config_file_no_profile": {"en": "{path} (no hardware profile)", "fr": "{path} (aucun profil matériel)"},
    "doctor.d.config_defaults": {"en": "no config file: defaults (profile {profile})",
                                 "fr": "pas de fichier de configuration : réglages par défaut (profil {profile})"},
    "doctor.d.config_defaults_no_profile": {"en": "no config file: defaults (no hardware profile)",
                                            "fr": "pas de fichier de configuration : réglages par défaut (aucun profil matériel)"},
    # buzzers, ring, reader
    "doctor.d.buzzers_none": {"en": "no buzzer pins configured: keyboard keys 1 to 6 stand in",
                              "fr": "aucune broche de buzzer configurée : les touches 1 à 6 les remplacent"},
    "doctor.d.buzzers_failed": {"en": "{error}", "fr": "{error}"},
    "doctor.d.buzzers_stuck": {"en": "pressed now, with nobody on them: {stuck} (a short to ground, or pull_up does not "
                                     "match the wiring)",
                               "fr": "enfoncés maintenant, sans personne dessus : {stuck} (un court-circuit à la masse, ou "
                                     "pull_up ne correspond pas au câblage)"},
    "doctor.d.buzzers_ok": {"en": "{n} opened and released: {pins}", "fr": "{n} ouverts et relâchés : {pins}"},
    "doctor.d.leds_ok": {"en": "{n} opened: {pins}", "fr": "{n} ouvertes : {pins}"},
    "doctor.d.ring_none": {"en": "no LED ring configured: the hourglass is drawn on screen",
                           "fr": "aucun anneau LED configuré : le sablier est dessiné à l'écran"},
    "doctor.d.ring_status": {"en": "{message}", "fr": "{message}"},
    "doctor.d.ring_failed": {"en": "{backend}: {error}", "fr": "{backend} : {error}"},
    "doctor.d.ring_ok": {"en": "{backend} ring with {n} LEDs opened", "fr": "anneau {backend} de {n} LED ouvert"},
    "doctor.d.ring_ok_budget": {"en": "{backend} ring with {n} LEDs opened, current budget {budget:g} mA",
                                "fr": "anneau {backend} de {n} LED ouvert, budget de courant {budget:g} mA"},
    "doctor.d.reader_none": {"en": "no reader configured", "fr": "aucun lecteur configuré"},
    "doctor.d.reader_no_pyserial": {"en": "pyserial is not installed", "fr": "pyserial n'est pas installé"},
    "doctor.d.reader_failed": {"en": "{port}: {error} (UART on? dtparam=uart0=on; user in group dialout?)",
                               "fr": "{port} : {error} (UART activé ? dtparam=uart0=on ; utilisateur dans le groupe dialout ?)"},
    "doctor.d.reader_ok": {"en": "{reader} on {port} at {baud} baud: the port opens",
                           "fr": "{reader} sur {port} à {baud} bauds : le port s'ouvre"},
    # sound and speech
    "doctor.d.sound_off": {"en": "{reason} (devices: {devices})", "fr": "{reason} (périphériques : {devices})"},
    "doctor.d.sound_stuck": {"en": "{device}: the tone never left the mixer",
                             "fr": "{device} : le son n'est jamais sorti du mixeur"},
    "doctor.d.sound_played": {"en": "{device} ({hostapi}, {rate} Hz): tone played, {frames} frames",
                              "fr": "{device} ({hostapi}, {rate} Hz) : son joué, {frames} trames"},
    "doctor.d.sound_heard": {"en": "{device} ({hostapi}, {rate} Hz): tone played, {frames} frames, heard",
                             "fr": "{device} ({hostapi}, {rate} Hz) : son joué, {frames} trames, entendu"},
    "doctor.d.sound_unheard": {"en": "{device} ({hostapi}, {rate} Hz): tone played, {frames} frames, but nobody heard "
                                     "it: volume, speaker, [audio] device?",
                               "fr": "{device} ({hostapi}, {rate} Hz) : son joué, {frames} trames, mais personne ne l'a "
                                     "entendu : volume, haut-parleur, [audio] device ?"},
    "doctor.d.speech_silent": {"en": "Père Fouras is silent: install espeak-ng or a Piper voice ({passed})",
                               "fr": "Père Fouras est muet : installez espeak-ng ou une voix Piper ({passed})"},
    "doctor.d.speech_ok": {"en": "{engine}, voice {voice}: {seconds:.1f} s rendered in {ms:.0f} ms; installed: {installed}",
                           "fr": "{engine}, voix {voice} : {seconds:.1f} s rendues en {ms:.0f} ms ; installé : {installed}"},
    # display, content, game log, blanking, permissions
    "doctor.d.display_none": {"en": "no connected DRM display to compare with {profile}",
                              "fr": "aucun écran DRM branché à comparer avec {profile}"},
    "doctor.d.display_ok": {"en": "{shown} (profile {profile})", "fr": "{shown} (profil {profile})"},
    "doctor.d.display_wrong": {"en": "{shown}, but the display profile is {profile}: set [display] profile",
                               "fr": "{shown}, mais le profil d'affichage est {profile} : réglez [display] profile"},
    "doctor.d.touch_ok": {"en": "{panels}", "fr": "{panels}"},
    "doctor.d.touch_missing": {"en": "[display] touch is on, but no touch panel was found (is its cable in?)",
                               "fr": "[display] touch est activé, mais aucune dalle tactile n'est trouvée (son câble est-il "
                                     "branché ?)"},
    "doctor.d.touch_none": {"en": "no touch panel, and none configured", "fr": "pas de dalle tactile, et aucune n'est configurée"},
    "doctor.d.content_refused": {"en": "{refused}", "fr": "{refused}"},
    "doctor.d.content_none": {"en": "no usable content pack", "fr": "aucun paquet de contenu utilisable"},
    "doctor.d.content_ok": {"en": "{n} pack(s), in use: {used}", "fr": "{n} paquet(s), en service : {used}"},
    "doctor.d.log_cannot_write": {"en": "cannot write in {folder}: {error}", "fr": "impossible d'écrire dans {folder} : {error}"},
    "doctor.d.log_none_yet": {"en": "{folder} is writable; no game log yet ({name} comes with the first game)",
                              "fr": "{folder} est accessible en écriture ; pas encore de journal ({name} viendra avec la "
                                    "première partie)"},
    "doctor.d.log_unreadable": {"en": "{path}: {error}", "fr": "{path} : {error}"},
    "doctor.d.log_ok": {"en": "{path}: writable, integrity ok, {games} game(s)",
                        "fr": "{path} : accessible en écriture, intégrité ok, {games} partie(s)"},
    "doctor.d.log_corrupt": {"en": "{path}: integrity check says {verdict}",
                             "fr": "{path} : la vérification d'intégrité dit {verdict}"},
    "doctor.d.blanking_unreadable": {"en": "cannot read {path}: {error}", "fr": "impossible de lire {path} : {error}"},
    "doctor.d.blanking_off": {"en": "off (consoleblank=0)", "fr": "désactivée (consoleblank=0)"},
    "doctor.d.blanking_on": {"en": "the screen goes dark after {seconds} s: add consoleblank=0 to "
                                   "/boot/firmware/cmdline.txt (systemd/install.sh does)",
                             "fr": "l'écran s'éteint après {seconds} s : ajoutez consoleblank=0 à "
                                   "/boot/firmware/cmdline.txt (systemd/install.sh le fait)"},
    "doctor.d.permissions_no_node": {"en": "no device node: {nodes}", "fr": "pas de fichier de périphérique : {nodes}"},
    "doctor.d.permissions_denied": {"en": "no read/write access to {nodes}", "fr": "pas d'accès en lecture et écriture à {nodes}"},
    "doctor.d.permissions_ok": {"en": "{nodes}", "fr": "{nodes}"},
}
