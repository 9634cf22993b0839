"""Every string of the app in French and English, switchable while the app runs.

A catalog in Python rather than gettext .po files: the app has a few hundred strings, the writers are the
developers, and a test checks that every key exists in both languages with the same ``{placeholders}``.
"""

from __future__ import annotations

import re
import string
from typing import Any, Callable

from companion.doctor_texts import DOCTOR_TEXTS
from companion.notice import NOTICES

LANGUAGES = ("fr", "en")
LANGUAGE_NAMES = {"fr": "Français", "en": "English"}
FRENCH_SPACES = re.compile(r" ([:;!?»])")

CATALOG: dict[str, dict[str, str]] = {
    # Home
    "app.title": {"fr": "Fort Boyard", "en": "Fort Boyard"},
    "home.subtitle": {"fr": "Le compagnon de table", "en": "The table companion"},
    "home.continue": {"fr": "Continuer la partie", "en": "Continue the game"},
    "home.continue_detail": {"fr": "Manche {round} – {players}", "en": "Round {round} – {players}"},
    "home.new": {"fr": "Nouvelle partie", "en": "New game"},
    "home.history": {"fr": "Historique", "en": "History"},
    "home.settings": {"fr": "Réglages", "en": "Settings"},
    "home.language": {"fr": "English", "en": "Français"},
    "home.notice": {"fr": "À savoir", "en": "Notice"},
    "home.notice_more": {"fr": "… et {n} autres : voir Réglages > Vérifier le matériel", "en": "… and {n} more: see Settings > Hardware check"},
    # New game
    "new.title": {"fr": "Nouvelle partie", "en": "New game"},
    "new.players": {"fr": "Joueurs (sens des aiguilles d'une montre)", "en": "Players (clockwise)"},
    "new.player_n": {"fr": "Joueur {n}", "en": "Player {n}"},
    "new.add": {"fr": "+ Joueur", "en": "+ Player"},
    "new.remove": {"fr": "Retirer", "en": "Remove"},
    "new.up": {"fr": "Monter", "en": "Up"},
    "new.down": {"fr": "Descendre", "en": "Down"},
    "new.colour": {"fr": "Couleur", "en": "Colour"},
    "new.first": {"fr": "Qui commence ?", "en": "Who starts?"},
    "new.roll": {"fr": "Le compagnon lance le dé", "en": "The companion rolls"},
    "new.we_rolled": {"fr": "Nous avons lancé", "en": "We rolled"},
    "new.card_text": {"fr": "Texte des cartes", "en": "Card text"},
    "new.red": {"fr": "Rouge", "en": "Red"},
    "new.blue": {"fr": "Bleu", "en": "Blue"},
    "new.decks": {"fr": "Cartes", "en": "Cards"},
    "new.level": {"fr": "Énigmes du compagnon", "en": "Companion's riddles"},
    "new.level.mixed": {"fr": "toutes", "en": "all levels"},
    "new.level.easy": {"fr": "faciles", "en": "easy"},
    "new.level.hard": {"fr": "difficiles", "en": "hard"},
    "new.physical": {"fr": "Cartes du jeu", "en": "Game's cards"},
    "new.companion": {"fr": "Cartes du compagnon", "en": "Companion's cards"},
    "new.start": {"fr": "Commencer", "en": "Start"},
    "new.back": {"fr": "Retour", "en": "Back"},
    "new.confirm_replace": {
        "fr": "Une partie est en cours. La remplacer ? Elle restera dans l'historique.",
        "en": "A game is in progress. Replace it? It stays in the history.",
    },
    "new.names_needed": {"fr": "Il faut de 2 à 6 joueurs, chacun avec un nom différent.", "en": "Enter 2 to 6 players, each with a different name."},
    "new.step_players": {"fr": "1. Joueurs", "en": "1. Players"},
    "new.step_options": {"fr": "2. Options", "en": "2. Options"},
    "new.next": {"fr": "Suivant", "en": "Next"},
    # Dice
    "dice.title": {"fr": "Le dé décide", "en": "The die decides"},
    "dice.roll": {"fr": "{player}\n{value}", "en": "{player}\n{value}"},
    "dice.tie": {"fr": "Égalité ! On relance.", "en": "A tie! Rolling again."},
    "dice.first": {"fr": "{player} commence !", "en": "{player} starts!"},
    "dice.go": {"fr": "C'est parti", "en": "Let's go"},
    # Common
    "common.round": {"fr": "Manche {round}", "en": "Round {round}"},
    "common.round_name.1": {"fr": "La quête des clés", "en": "The quest for keys"},
    "common.round_name.2": {"fr": "La quête des indices", "en": "The quest for clues"},
    "common.round_name.3": {"fr": "La quête du trésor", "en": "The quest for the treasure"},
    "common.stock": {"fr": "Réserve : {n} clés", "en": "Stock: {n} keys"},
    "common.keys": {"fr": "{n} clés", "en": "{n} keys"},
    "common.key_one": {"fr": "1 clé", "en": "1 key"},
    "common.clues": {"fr": "{n}/4 indices", "en": "{n}/4 clues"},
    "common.boyards": {"fr": "{n} Boyards", "en": "{n} Boyards"},
    "common.undo": {"fr": "Annuler : {what}", "en": "Undo: {what}"},
    "common.undo_none": {"fr": "Rien à annuler", "en": "Nothing to undo"},
    "common.labelled": {"fr": "{label} : {value}", "en": "{label}: {value}"},
    "common.quit_confirm": {
        "fr": "Quitter le compagnon ? La partie est enregistrée : « Continuer » la reprendra.",
        "en": "Quit the companion? The game is saved: “Continue” picks it up again.",
    },
    "common.menu": {"fr": "Menu", "en": "Menu"},
    "common.yes": {"fr": "Oui", "en": "Yes"},
    "common.no": {"fr": "Non", "en": "No"},
    "common.cancel": {"fr": "Annuler", "en": "Cancel"},
    "common.confirm": {"fr": "Confirmer", "en": "Confirm"},
    "common.continue": {"fr": "Continuer", "en": "Continue"},
    "common.success": {"fr": "Réussi", "en": "Success"},
    "common.failure": {"fr": "Raté", "en": "Failed"},
    "common.key": {"fr": "Clé", "en": "Key"},
    "common.clue": {"fr": "Indice", "en": "Clue"},
    "common.refused": {"fr": "Impossible : {message}", "en": "Not possible: {message}"},
    "status.prison": {"fr": "en prison", "en": "in prison"},
    "status.diving": {"fr": "plonge", "en": "diving"},
    "status.out": {"fr": "sans clé", "en": "no key"},
    "status.eliminated": {"fr": "éliminé", "en": "eliminated"},
    "status.treasure": {"fr": "salle du trésor", "en": "treasure room"},
    "status.waiting": {"fr": "attend", "en": "waiting"},
    "status.playing": {"fr": "", "en": ""},
    # Spaces
    "space.door": {"fr": "Porte", "en": "Door"},
    "space.concentration": {"fr": "Concentration", "en": "Concentration"},
    "space.force": {"fr": "Force", "en": "Force"},
    "space.duel": {"fr": "Duel", "en": "Duel"},
    "space.enigme": {"fr": "Énigme", "en": "Riddle"},
    "space.prison": {"fr": "Prison", "en": "Prison"},
    "space.passe_partout": {"fr": "Passe-partout", "en": "Master key"},
    # Turn
    "turn.whose": {"fr": "À {player} de jouer", "en": "{player}'s turn"},
    "turn.where": {"fr": "Où est arrivé le pion ?", "en": "Where did the pawn land?"},
    "turn.passe_partout": {"fr": "Passe-partout : choisis la case", "en": "Master key: choose the space"},
    # Challenge
    "challenge.physical": {"fr": "Piochez une carte {space} et lisez le texte {colour}.", "en": "Draw a {space} card and read the {colour} text."},
    "card.red": {"fr": "rouge", "en": "red"},
    "card.blue": {"fr": "bleu", "en": "blue"},
    "challenge.reader": {"fr": "{player} lit la carte.", "en": "{player} reads the card."},
    "challenge.rule": {"fr": "Réussite : {rule}", "en": "Success: {rule}"},
    "challenge.deck_empty": {"fr": "Plus de cartes du compagnon : utilisez celles du jeu.", "en": "No companion cards left: use the game's cards."},
    "hourglass.start": {"fr": "Lancer le sablier", "en": "Start the hourglass"},
    "hourglass.pause": {"fr": "Pause", "en": "Pause"},
    "hourglass.resume": {"fr": "Reprendre", "en": "Resume"},
    "hourglass.up": {"fr": "Temps écoulé !", "en": "Time is up!"},
    # Duel
    "duel.stake": {"fr": "{player}, annonce l'enjeu avant de choisir l'adversaire", "en": "{player}, say the stake before naming the opponent"},
    "duel.opponent": {"fr": "{player} défie…", "en": "{player} challenges…"},
    "duel.won": {"fr": "{player} a gagné", "en": "{player} won"},
    "duel.buzzers": {"fr": "Buzzers", "en": "Buzzers"},
    "hourglass.title": {"fr": "Sablier", "en": "Hourglass"},
    "duel.who_won": {"fr": "Qui a gagné le duel ?", "en": "Who won the duel?"},
    "duel.versus": {"fr": "{a} contre {b}", "en": "{a} versus {b}"},
    "duel.question": {"fr": "Le premier qui répond juste gagne.", "en": "First to answer correctly wins."},
    "duel.answer": {"fr": "Réponse : {answer}", "en": "Answer: {answer}"},
    # Enigme
    "enigme.stake": {"fr": "{player}, annonce l'enjeu avant la lecture", "en": "{player}, say the stake before the reading"},
    "enigme.physical": {"fr": "Piochez une carte Énigme : {player} lit le texte {colour}.", "en": "Draw a Riddle card: {player} reads the {colour} text."},
    "enigme.reveal": {"fr": "Montrer la réponse", "en": "Show the answer"},
    "enigme.reveal_sure": {"fr": "Sûr ? Touchez encore", "en": "Sure? Tap again"},
    "enigme.answer": {"fr": "Réponse : {answer}", "en": "Answer: {answer}"},
    "enigme.correct": {"fr": "Bonne réponse", "en": "Correct"},
    "enigme.wrong": {"fr": "Mauvaise réponse", "en": "Wrong"},
    "sea.title": {"fr": "Le Père Fouras jette {stake} à la mer !", "en": "Père Fouras throws the {stake} into the sea!"},
    "sea.the_key": {"fr": "la clé", "en": "key"},
    "sea.the_clue": {"fr": "l'indice", "en": "clue"},
    "sea.dive": {"fr": "Plonger", "en": "Dive"},
    "sea.abandon": {"fr": "Abandonner", "en": "Let it go"},
    "dive.title": {"fr": "{player} nage vers la clé engloutie", "en": "{player} swims to the sunken key"},
    "dive.question": {"fr": "Le pion a-t-il atteint la clé engloutie ?", "en": "Did the pawn reach the sunken key?"},
    "dive.reached": {"fr": "Atteinte !", "en": "Reached!"},
    "dive.not_yet": {"fr": "Pas encore", "en": "Not yet"},
    # Round moments
    "moment.round_over": {"fr": "Fin de la manche {round} !", "en": "Round {round} is over!"},
    "moment.third_key": {"fr": "{player} a gagné sa 3e clé.", "en": "{player} won their 3rd key."},
    "moment.fourth_clue": {"fr": "{player} a ses 4 indices.", "en": "{player} has all 4 clues."},
    "moment.round2": {
        "fr": "Manche 2 : chacun révèle à son voisin de gauche le premier indice de son mot-code. Les clés restent. {player} commence.",
        "en": "Round 2: everyone reveals the first clue of their code word to their left-hand neighbour. Keys are kept. {player} starts.",
    },
    "moment.round3": {
        "fr": "Manche 3 : les joueurs avec au moins une clé proposent leur mot-code, en commençant par {player}.",
        "en": "Round 3: players with at least one key propose their code word, starting with {player}.",
    },
    "moment.out": {"fr": "Sans clé, pas de trésor : {players}.", "en": "No key, no treasure: {players}."},
    "moment.game_over": {"fr": "La partie est finie !", "en": "The game is over!"},
    # Proposals
    "propose.title": {"fr": "{player}, ton mot-code ?", "en": "{player}, your code word?"},
    "propose.keys": {"fr": "{player} a {keys}.", "en": "{player} has {keys}."},
    "propose.right": {"fr": "Trouvé !", "en": "Found it!"},
    "propose.wrong": {"fr": "Faux", "en": "Wrong"},
    "propose.again": {"fr": "Nouvelle proposition contre 1 clé (il en restera {after})", "en": "New proposal for 1 key ({after} left after it)"},
    "propose.again_title": {"fr": "Faux ! {player} peut retenter sa chance", "en": "Wrong! {player} may try again"},
    "propose.give_up": {"fr": "Abandonner", "en": "Give up"},
    # Treasure
    "treasure.title": {"fr": "{player} puise dans le sac", "en": "{player} draws from the bag"},
    "treasure.handful": {"fr": "Poignée {n} sur {total}", "en": "Handful {n} of {total}"},
    "treasure.pebble": {"fr": "Cailloux", "en": "Pebbles"},
    "treasure.token": {"fr": "{value} Boyards", "en": "{value} Boyards"},
    "treasure.total": {"fr": "Cette poignée : {value} – Total : {total}", "en": "This handful: {value} – Total: {total}"},
    "treasure.done": {"fr": "Poignée comptée", "en": "Handful counted"},
    # Podium
    "podium.title": {"fr": "Le trésor du Fort", "en": "The Fort's treasure"},
    "podium.winner": {"fr": "{players} remporte le trésor !", "en": "{players} wins the treasure!"},
    "podium.winners": {"fr": "{players} se partagent la victoire !", "en": "{players} share the victory!"},
    "podium.nobody": {"fr": "Personne n'a trouvé son mot-code : le Fort garde son trésor.", "en": "Nobody found their code word: the Fort keeps its treasure."},
    "podium.home": {"fr": "Accueil", "en": "Home"},
    # History
    "history.title": {"fr": "Historique", "en": "History"},
    "history.empty": {"fr": "Aucune partie terminée pour l'instant.", "en": "No finished game yet."},
    "history.line": {"fr": "{date} · {minutes} min · {winners}", "en": "{date} · {minutes} min · {winners}"},
    "history.winner": {"fr": "gagnant : {players}", "en": "winner: {players}"},
    "history.nobody": {"fr": "personne n'a trouvé le mot-code", "en": "nobody found the code word"},
    "history.stats": {"fr": "Statistiques", "en": "Statistics"},
    "history.game_title": {"fr": "Partie {id} – {date}", "en": "Game {id} – {date}"},
    "history.keys_chart": {"fr": "Clés au fil de la partie", "en": "Keys during the game"},
    "history.round_mark": {"fr": "M{round}", "en": "R{round}"},
    "history.games": {"fr": "Parties", "en": "Games"},
    # Timeline of a finished game (companion.history.timeline)
    "timeline.round": {"fr": "Manche {value} – {player} commence", "en": "Round {value} – {player} starts"},
    "timeline.key": {"fr": "{player} gagne une clé ({detail})", "en": "{player} wins a key ({detail})"},
    "timeline.key_taken": {"fr": "{player} prend une clé à {other} ({detail})", "en": "{player} takes a key from {other} ({detail})"},
    "timeline.clue": {"fr": "{player} gagne un indice ({detail})", "en": "{player} wins a clue ({detail})"},
    "timeline.key_unavailable": {"fr": "{player} gagne, mais il n'y a plus de clé", "en": "{player} wins, but no key is left"},
    "timeline.failed": {"fr": "{player} échoue ({detail})", "en": "{player} fails ({detail})"},
    "timeline.duel": {"fr": "{player} bat {other} en duel", "en": "{player} beats {other} in a duel"},
    "timeline.sea": {"fr": "{player} rate l'énigme : {detail} à la mer", "en": "{player} misses the riddle: {detail} into the sea"},
    "timeline.dived": {"fr": "{player} plonge ({detail})", "en": "{player} dives ({detail})"},
    "timeline.prison": {"fr": "{player} va en prison", "en": "{player} goes to prison"},
    "timeline.round_won": {"fr": "{player} remporte la manche {value}", "en": "{player} wins round {value}"},
    "timeline.out": {"fr": "{player} n'a pas de clé : pas de salle du trésor", "en": "{player} has no key: no treasure room"},
    "timeline.key_paid": {"fr": "{player} paie une clé pour réessayer", "en": "{player} pays a key to try again"},
    "timeline.wrong_word": {"fr": "{player} se trompe de mot-code", "en": "{player} gives a wrong code word"},
    "timeline.word_found": {"fr": "{player} trouve le mot-code !", "en": "{player} finds the code word!"},
    "timeline.eliminated": {"fr": "{player} quitte la salle du trésor ({detail})", "en": "{player} leaves the treasure room ({detail})"},
    "timeline.handful": {"fr": "{player} pioche {value} Boyards", "en": "{player} draws {value} Boyards"},
    "timeline.game_over": {"fr": "{player} gagne avec {value} Boyards !", "en": "{player} wins with {value} Boyards!"},
    "timeline.no_winner": {"fr": "Personne n'a trouvé le mot-code", "en": "Nobody found the code word"},
    "timeline.reason.key": {"fr": "clé", "en": "key"},
    "timeline.reason.clue": {"fr": "indice", "en": "clue"},
    "timeline.reason.sunken_key": {"fr": "clé engloutie", "en": "sunken key"},
    "timeline.reason.wrong_code_word": {"fr": "mauvais mot-code", "en": "wrong code word"},
    "timeline.reason.passed": {"fr": "abandon", "en": "gave up"},
    # Statistics and the family leaderboard
    "stats.title": {"fr": "Classement de la famille", "en": "Family leaderboard"},
    "stats.player": {"fr": "Joueur", "en": "Player"},
    "stats.wins": {"fr": "Vict.", "en": "Wins"},
    "stats.keys": {"fr": "Clés", "en": "Keys"},
    "stats.riddles": {"fr": "Énig.", "en": "Riddles"},
    "stats.duels": {"fr": "Duels", "en": "Duels"},
    "stats.average": {"fr": "Moy.", "en": "Avg."},
    "stats.best": {"fr": "Max", "en": "Best"},
    "stats.treasure_chart": {"fr": "Trésor par partie", "en": "Treasure per game"},
    "stats.empty": {"fr": "Les statistiques viendront avec la première partie terminée.", "en": "Statistics come with the first finished game."},
    # One player across games: statistics, rename, merge
    "player.games": {"fr": "Parties : {n}", "en": "Games: {n}"},
    "player.wins": {"fr": "Victoires : {n}", "en": "Wins: {n}"},
    "player.keys": {"fr": "Clés gagnées : {n}", "en": "Keys won: {n}"},
    "player.riddles": {"fr": "Énigmes : {solved}/{total} ({share} %)", "en": "Riddles: {solved}/{total} ({share}%)"},
    "player.riddles_none": {"fr": "Énigmes : aucune", "en": "Riddles: none yet"},
    "player.duels": {"fr": "Duels : {won} gagnés, {lost} perdus", "en": "Duels: {won} won, {lost} lost"},
    "player.average": {"fr": "Trésor moyen : {value}", "en": "Average treasure: {value}"},
    "player.best": {"fr": "Meilleur trésor : {value}", "en": "Best treasure: {value}"},
    "player.also": {"fr": "Aussi écrit : {names}", "en": "Also written: {names}"},
    "player.new_name": {"fr": "Nouveau nom", "en": "New name"},
    "player.rename": {"fr": "Renommer", "en": "Rename"},
    "player.same_as": {"fr": "Même personne que…", "en": "Same person as…"},
    "player.separate": {"fr": "Séparer « {name} »", "en": "Separate “{name}”"},
    "player.confirm_rename": {"fr": "Les parties de {old} seront affichées sous le nom {new}. D'accord ?", "en": "{old}'s games will show under the name {new}. All right?"},
    "player.confirm_merge": {"fr": "{old} et {new} sont la même personne ? Leurs parties compteront ensemble (la partie jouée n'est pas modifiée).", "en": "Are {old} and {new} the same person? Their games will count together (the games played are not changed)."},
    "player.confirm_separate": {"fr": "Compter à nouveau les parties de « {name} » à part ?", "en": "Count the games of “{name}” apart again?"},
    "player.done": {"fr": "C'est fait : {old} devient {new}", "en": "Done: {old} is now {new}"},
    "player.refused.empty": {"fr": "Le nouveau nom est vide.", "en": "The new name is empty."},
    "player.refused.too_long": {"fr": "Un nom a au plus {n} caractères.", "en": "A name has at most {n} characters."},
    "player.refused.unknown": {"fr": "Aucune partie terminée de {name}.", "en": "No finished game of {name}."},
    "player.refused.together": {"fr": "{old} et {new} ont joué ensemble (partie {game}) : ce sont deux joueurs.", "en": "{old} and {new} played together (game {game}): they are two players."},
    # Settings
    "settings.title": {"fr": "Réglages", "en": "Settings"},
    "settings.language": {"fr": "Langue", "en": "Language"},
    "settings.hourglass": {"fr": "Sablier : {seconds} s", "en": "Hourglass: {seconds} s"},
    "settings.volume": {"fr": "Volume : {volume} %", "en": "Volume: {volume}%"},
    "settings.house_duel": {"fr": "Duel pour un indice perdu : l'adversaire gagne", "en": "Clue duel lost: the opponent wins"},
    "settings.house_duel.clue": {"fr": "un indice", "en": "a clue"},
    "settings.house_duel.key": {"fr": "une clé", "en": "a key"},
    "settings.house_duel.nothing": {"fr": "rien", "en": "nothing"},
    "settings.house_prison": {"fr": "Prison gardée d'une manche à l'autre", "en": "Prison kept into the next round"},
    "settings.display": {"fr": "Écran : {profile}", "en": "Display: {profile}"},
    "settings.hardware": {"fr": "Matériel", "en": "Hardware"},
    "settings.hw_buzzers": {"fr": "Buzzers : clavier (1 à 6)", "en": "Buzzers: keyboard (1 to 6)"},
    "settings.hw_buzzers_gpio": {"fr": "Buzzers : {n} sur GPIO, et le clavier (1 à 6)", "en": "Buzzers: {n} on GPIO, and the keyboard (1 to 6)"},
    "settings.hw_buzzers_failed": {"fr": "Buzzers : GPIO indisponible, clavier (1 à 6)", "en": "Buzzers: GPIO unavailable, keyboard (1 to 6)"},
    "settings.hw_ring": {"fr": "Anneau lumineux : {state}", "en": "LED ring: {state}"},
    "settings.ring_screen": {"fr": "aucun, dessiné à l'écran", "en": "none, drawn on screen"},
    "settings.ring_ok": {"fr": "{backend}, en marche", "en": "{backend}, working"},
    "settings.ring_failed": {"fr": "en panne, dessiné à l'écran ({error})", "en": "not working, drawn on screen ({error})"},
    "settings.hw_reader": {"fr": "Lecteur RFID : aucun", "en": "RFID reader: none"},
    "settings.muted": {"fr": "Son coupé", "en": "Sound muted"},
    "settings.voice_volume": {"fr": "Voix du Père Fouras : {volume} %", "en": "Père Fouras's voice: {volume}%"},
    "settings.cues_volume": {"fr": "Effets sonores : {volume} %", "en": "Sound effects: {volume}%"},
    "settings.ambience_volume": {"fr": "Bruit de la mer : {volume} %", "en": "Sound of the sea: {volume}%"},
    "settings.sound_device": {"fr": "Sortie son : {device}", "en": "Sound output: {device}"},
    "settings.sound_default": {"fr": "par défaut", "en": "default"},
    "settings.hw_sound_off": {"fr": "Son : coupé pour cette session", "en": "Sound: off for this session"},
    "settings.hw_sound_on": {"fr": "Son : {device}", "en": "Sound: {device}"},
    "settings.hw_sound_none": {"fr": "Pas de son : aucune sortie audio utilisable", "en": "No sound: no usable audio output"},
    "settings.hw_sound_searching": {"fr": "Pas encore de son : sortie audio recherchée (essai {attempts})", "en": "No sound yet: looking for the audio output (try {attempts})"},
    "settings.hw_speech": {"fr": "voix {engine} ({voice})", "en": "voice {engine} ({voice})"},
    "settings.pack": {"fr": "Contenu « {pack} » : {state}", "en": "Content “{pack}”: {state}"},
    "settings.back": {"fr": "Retour", "en": "Back"},
    "settings.on": {"fr": "oui", "en": "yes"},
    "settings.off": {"fr": "non", "en": "no"},
    # RFID tiles (companion.app.screens.tiles)
    "settings.tiles": {"fr": "Tuiles RFID : enregistrer", "en": "RFID tiles: enrol"},
    "tiles.title": {"fr": "Tuiles RFID", "en": "RFID tiles"},
    "tiles.reader": {"fr": "Lecteur RFID", "en": "RFID reader"},
    "tiles.reader_none": {"fr": "Aucun lecteur RFID (section [reader] de config.toml)", "en": "No RFID reader ([reader] in config.toml)"},
    "tiles.reader_off": {"fr": "lecteur arrêté", "en": "reader stopped"},
    "tiles.reader_ok": {"fr": "{reader} sur {port}, prêt", "en": "{reader} on {port}, ready"},
    "tiles.reader_waiting": {"fr": "{reader} : en attente de {port}", "en": "{reader}: waiting for {port}"},
    "tiles.reader_lost": {"fr": "{reader} débranché, nouvel essai…", "en": "{reader} unplugged, trying again…"},
    "tiles.registry_broken": {"fr": "Liste des tuiles illisible : {error}", "en": "Tile list unreadable: {error}"},
    "tiles.kind.key": {"fr": "Clés", "en": "Keys"},
    "tiles.kind.pebble": {"fr": "Cailloux", "en": "Pebbles"},
    "tiles.kind.boyard-10": {"fr": "Jetons 10", "en": "10 tokens"},
    "tiles.kind.boyard-20": {"fr": "Jetons 20", "en": "20 tokens"},
    "tiles.kind.boyard-50": {"fr": "Jetons 50", "en": "50 tokens"},
    "tiles.count": {"fr": "{kind}\n{n}/{of}", "en": "{kind}\n{n}/{of}"},
    "tiles.prompt": {"fr": "{kind} : posez les tuiles une à une sur le lecteur", "en": "{kind}: place the tiles on the reader one by one"},
    "tiles.enrolled": {"fr": "Enregistré : {tile} ({n}/{of})", "en": "Enrolled: {tile} ({n}/{of})"},
    "tiles.already": {"fr": "Déjà enregistré : {tile}. Rien de changé.", "en": "Already enrolled: {tile}. Nothing changed."},
    "tiles.full": {"fr": "Les 20 clés ont déjà un tag", "en": "All 20 keys already have a tag"},
    "tiles.undone": {"fr": "Annulé : {tile}", "en": "Undone: {tile}"},
    "tiles.undo": {"fr": "Annuler la dernière", "en": "Undo the last"},
    "tiles.nothing": {"fr": "Rien à annuler", "en": "Nothing to undo"},
    "tiles.tile.key": {"fr": "Clé {n}", "en": "Key {n}"},
    "tiles.tile.pebble": {"fr": "Caillou", "en": "Pebble"},
    "tiles.tile.token": {"fr": "{value} Boyards", "en": "{value} Boyards"},
    "treasure.scan_prompt": {"fr": "Passez les jetons sur le lecteur", "en": "Pass the tokens over the reader"},
    "treasure.scan_added": {"fr": "+ {token} ({n} scannés)", "en": "+ {token} ({n} scanned)"},
    "treasure.scan_again": {"fr": "{token} déjà compté dans cette poignée", "en": "{token} already counted in this handful"},
    "treasure.scan_earlier": {"fr": "{token} déjà compté à la poignée {n}", "en": "{token} already counted in handful {n}"},
    "treasure.scan_key": {"fr": "Une clé n'est pas un jeton : pas comptée", "en": "A key is not a token: not counted"},
    "treasure.scan_bag": {"fr": "Plus de « {token} » dans le sac : pas compté", "en": "No more “{token}” in the bag: not counted"},
    "treasure.scan_unknown": {"fr": "Tag inconnu : à enregistrer dans Réglages", "en": "Unknown tag: enrol it in Settings"},
    "keys.again": {"fr": "Clé {number} déjà comptée", "en": "Key {number} already counted"},
    "keys.progress": {"fr": "Clé {number} : {n} sur {keys} de {player}", "en": "Key {number}: {n} of {player}'s {keys}"},
    "keys.all": {"fr": "{player} : {keys}, le compte est bon", "en": "{player}: {keys}, all here"},
    "keys.too_many": {"fr": "{player} n'a que {keys} dans la partie !", "en": "{player} holds only {keys} in the game!"},
    # Hardware check, shutdown (companion.app.screens.doctor)
    "settings.doctor": {"fr": "Vérifier le matériel", "en": "Hardware check"},
    "settings.shutdown": {"fr": "Éteindre", "en": "Shut down"},
    "settings.reboot": {"fr": "Redémarrer", "en": "Restart"},
    "settings.shutdown_confirm": {"fr": "Éteindre le compagnon ? La partie est enregistrée.", "en": "Shut the companion down? The game is saved."},
    "settings.reboot_confirm": {"fr": "Redémarrer le compagnon ? La partie est enregistrée.", "en": "Restart the companion? The game is saved."},
    "settings.power_failed": {"fr": "Impossible : {error}", "en": "Not possible: {error}"},
    "doctor.title": {"fr": "Vérification du matériel", "en": "Hardware check"},
    "doctor.running": {"fr": "Vérification en cours…", "en": "Checking…"},
    "doctor.again": {"fr": "Vérifier à nouveau", "en": "Check again"},
    "doctor.summary": {"fr": "{passed} OK, {failed} en échec, {skipped} sans objet", "en": "{passed} passed, {failed} failed, {skipped} skipped"},
    "doctor.at_the_box": {"fr": "Chaque buzzer, l'anneau et le lecteur un par un : companion doctor dans un terminal.", "en": "Each buzzer, the ring and the reader one by one: companion doctor in a terminal."},
    "doctor.pass": {"fr": "OK", "en": "OK"},
    "doctor.fail": {"fr": "Échec", "en": "Failed"},
    "doctor.skip": {"fr": "Sans objet", "en": "Skipped"},
    "doctor.line": {"fr": "{status} – {check} : {detail}", "en": "{status} – {check}: {detail}"},
    "doctor.corners": {"fr": "Toucher les coins", "en": "Tap the corners"},
    "doctor.corners_help": {"fr": "Touchez les quatre coins : chacun devient vert.", "en": "Tap the four corners: each turns green."},
    "doctor.corners_done": {"fr": "Les quatre coins répondent : le tactile est bien orienté.", "en": "All four corners answer: touch is the right way round."},
    "doctor.corner": {"fr": "Ici", "en": "Here"},
    "doctor.check.board": {"fr": "Carte", "en": "Board"},
    "doctor.check.pins": {"fr": "Broches GPIO", "en": "GPIO pins"},
    "doctor.check.config": {"fr": "Configuration", "en": "Configuration"},
    "doctor.check.buzzers": {"fr": "Buzzers", "en": "Buzzers"},
    "doctor.check.ring": {"fr": "Anneau lumineux", "en": "LED ring"},
    "doctor.check.reader": {"fr": "Lecteur RFID", "en": "RFID reader"},
    "doctor.check.sound": {"fr": "Son", "en": "Sound"},
    "doctor.check.speech": {"fr": "Voix", "en": "Speech"},
    "doctor.check.display": {"fr": "Écran et tactile", "en": "Display and touch"},
    "doctor.check.content": {"fr": "Contenus", "en": "Content packs"},
    "doctor.check.log": {"fr": "Journal des parties", "en": "Game log"},
    "doctor.check.blanking": {"fr": "Mise en veille de l'écran", "en": "Screen blanking"},
    "doctor.check.permissions": {"fr": "Droits d'accès", "en": "Permissions"},
    # Errors
    "error.title": {"fr": "Oups, cet écran a un problème", "en": "Oops, this screen has a problem"},
    "error.detail": {"fr": "La partie est enregistrée, rien n'est perdu.", "en": "The game is saved, nothing is lost."},
    "error.back": {"fr": "Retour à l'accueil", "en": "Back to home"},
    "error.log_title": {"fr": "Le journal des parties est déjà ouvert", "en": "The game log is already open"},
    "error.log_detail": {"fr": "Un autre programme joue dessus : ferme-le, puis réessaie. Rien n’est perdu.",
                         "en": "Another program is playing on it: close that one, then try again. Nothing is lost."},
    "error.retry": {"fr": "Réessayer", "en": "Try again"},
    # Undo descriptions
    "undo.new": {"fr": "début de partie", "en": "game start"},
    "undo.land": {"fr": "{space}", "en": "{space}"},
    "undo.stake": {"fr": "enjeu {stake}", "en": "stake {stake}"},
    "undo.opponent": {"fr": "adversaire {player}", "en": "opponent {player}"},
    "undo.result_success": {"fr": "réussite", "en": "success"},
    "undo.result_failure": {"fr": "échec", "en": "failure"},
    "undo.result_winner": {"fr": "victoire de {player}", "en": "{player} won"},
    "undo.sea": {"fr": "{choice}", "en": "{choice}"},
    "undo.dive": {"fr": "plongée", "en": "dive"},
    "undo.propose": {"fr": "proposition de {player}", "en": "{player}'s proposal"},
    "undo.pass": {"fr": "abandon de {player}", "en": "{player} gave up"},
    "undo.draw": {"fr": "poignée de {player}", "en": "{player}'s handful"},
    "undo.card": {"fr": "carte", "en": "card"},
}
CATALOG.update(NOTICES)  # the start-up notices (companion.notice) are worded beside the code that raises them
CATALOG.update(DOCTOR_TEXTS)  # and so are the hardware check's details (companion.doctor_texts)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class Translator:
    """Looks strings up in the current language; listeners are told when the language changes."""

    def __init__(self, language: str = "fr") -> None:
        self.language = language if language in LANGUAGES else "fr"
        self._listeners: list[Callable[[str], None]] = []

    def __call__(self, key: str, **values: Any) -> str:
        entry = CATALOG.get(key)
        if entry is None:
            raise KeyError(f"no string {key!r} in the catalog")
        return self.typeset(entry[self.language].format(**values))

    def typeset(self, text: str) -> str:
        """``text`` as it is set in the current language: in French, a no-break space before : ; ! ? »
        and after «, so that none of them starts or ends a line (also for content: riddles, cards)."""
        if self.language == "fr":
            text = FRENCH_SPACES.sub("\u00a0\\1", text).replace("« ", "«\u00a0")
        return text

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
        self.language = language
        for listener in list(self._listeners):
            listener(language)

    def bind(self, listener: Callable[[str], None]) -> None:
        self._listeners.append(listener)
