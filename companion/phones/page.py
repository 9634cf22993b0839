"""A player's page: one small HTML document, inline CSS and script, no external resource, readable on a
5-inch phone, in the table's language. The server renders it with the clues already in it; the script
then follows the live updates (server-sent events) and sends the player's proposal."""

from __future__ import annotations

import json
from html import escape
from typing import Any

TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "title": "Fort Boyard : tes indices",
        "level": "Niveau :",
        "easy": "facile",
        "hard": "difficile",
        "clues": "Tes indices",
        "no_clue": "Pas encore d’indice : ils arrivent à la manche 2.",
        "round": "Manche",
        "your_turn": "À toi : quel est ton mot-code ?",
        "again": "Mauvaise réponse. Tu peux proposer encore un mot contre une clé.",
        "send": "Proposer",
        "placeholder": "ton mot-code",
        "right": "Bravo, c’est ton mot-code !",
        "wrong": "Ce n’est pas ton mot-code.",
        "typed": "Tu as proposé",
        "over": "La partie est finie.",
        "cards": "Cette partie se joue avec les cartes INDICES/MOT-CODE : rien à montrer ici.",
        "offline": "Connexion perdue… nouvelle tentative.",
        "gone": "Cette partie est terminée ou une nouvelle a commencé : scanne le nouveau code.",
        "private": "Ne montre cet écran à personne.",
        "not_your_turn": "Ce n’est pas ton tour de proposer.",
        "status_waiting": "Attends ton tour de proposer ton mot-code.",
        "status_treasure": "Tu as trouvé ton mot-code : place à la salle du trésor !",
        "status_eliminated": "Tu n’entres pas dans la salle du trésor.",
        "status_out": "Sans clé, pas de salle du trésor pour toi.",
        "bad_word": "Tape un mot de 1 à 64 caractères.",
        "busy_elsewhere": "La partie est en train d’être modifiée ailleurs : réessaie dans un instant.",
        "refused": "Ta proposition n’a pas pu être prise : réessaie dans un instant.",
        "replaced": "Cette page est ouverte ailleurs (un autre onglet ou téléphone) : "
                    "recharge-la pour la suivre ici.",
        "damaged": "Le journal de la partie ne se lit plus en entier : cette page garde le dernier état lu en "
                   "entier, et les propositions attendent que la table s’en occupe.",
    },
    "en": {
        "title": "Fort Boyard: your clues",
        "level": "Level:",
        "easy": "easy",
        "hard": "hard",
        "clues": "Your clues",
        "no_clue": "No clue yet: they come in Round 2.",
        "round": "Round",
        "your_turn": "Your turn: what is your code word?",
        "again": "Wrong answer. You may propose another word for one key.",
        "send": "Propose",
        "placeholder": "your code word",
        "right": "Well done, that is your code word!",
        "wrong": "That is not your code word.",
        "typed": "You proposed",
        "over": "The game is over.",
        "cards": "This game plays with the INDICES/MOT-CODE cards: nothing to show here.",
        "offline": "Connection lost… trying again.",
        "gone": "This game has ended or a new one has started: scan the new code.",
        "private": "Show this screen to nobody.",
        "not_your_turn": "It is not your turn to propose.",
        "status_waiting": "Wait for your turn to propose your code word.",
        "status_treasure": "You found your code word: on to the Treasure Room!",
        "status_eliminated": "You will not enter the Treasure Room.",
        "status_out": "No key, no Treasure Room for you.",
        "bad_word": "Type a word of 1 to 64 characters.",
        "busy_elsewhere": "The game is being changed elsewhere: try again in a moment.",
        "refused": "Your proposal could not be taken: try again in a moment.",
        "replaced": "This page is open elsewhere (another tab or phone): reload it to follow it here.",
        "damaged": "The game's log cannot be read in full just now: this page keeps the last state read whole, "
                   "and proposals wait until the table has seen to it.",
    },
}

STYLE = """
*{box-sizing:border-box}body{margin:0;font:18px/1.4 system-ui,sans-serif;background:#10243a;color:#f4efe1}
main{max-width:32rem;margin:0 auto;padding:1rem}h1{font-size:1.6rem;margin:.2rem 0}
.meta{color:#c9b88a;margin:.2rem 0 1rem}ol{padding-left:1.6rem}li{font-size:1.35rem;margin:.5rem 0;
padding:.5rem .7rem;background:#1c3a5a;border-radius:.5rem}.note{color:#c9b88a;font-size:.95rem}
form{margin-top:1rem;display:flex;flex-direction:column;gap:.6rem}input{font-size:1.3rem;padding:.7rem;
border-radius:.5rem;border:0}button{font-size:1.3rem;padding:.8rem;border:0;border-radius:.5rem;
background:#e0a526;color:#10243a;font-weight:bold}.ok{color:#8fe08f}.no{color:#ff9c8a}[hidden]{display:none}
"""

SCRIPT = """
(function(){
var T=JSON.parse(document.getElementById('texts').textContent);
var base=location.pathname.replace(/\\/$/,'');
function el(id){return document.getElementById(id);}
function render(v){
  el('level').textContent=v.level?T[v.level]:'';
  el('round').textContent=v.round?T.round+' '+v.round:'';
  var list=el('clues');list.textContent='';
  v.clues.forEach(function(c){var li=document.createElement('li');li.textContent=c;list.appendChild(li);});
  el('noclue').hidden=v.clues.length>0||v.code_words!=='companion';
  el('cards').hidden=v.code_words==='companion';
  el('propose').hidden=!v.my_turn_to_propose;
  el('again').hidden=!v.again;
  var last=el('last');
  if(v.last_proposal){last.hidden=false;last.className=v.last_proposal.correct?'ok':'no';
    last.textContent=(v.last_proposal.typed?T.typed+' \\u00ab '+v.last_proposal.typed+' \\u00bb. ':'')+
      (v.last_proposal.correct?T.right:T.wrong);}else{last.hidden=true;}
  el('over').hidden=!v.over;
  el('damaged').hidden=!v.log_damaged;
  var st=status(v);el('standing').hidden=!st;el('standing').textContent=st;
}
function status(v){
  if(v.round!==3||v.my_turn_to_propose)return '';
  return T['status_'+v.status]||'';
}
function say(text){el('status').hidden=false;el('status').textContent=text;}
// The browser reconnects by itself after a network error only: an answer that is not the stream (a 503,
// a 429) closes it for good, so the page reconnects itself then, waiting longer each time (1 s to 30 s).
var es=null,wait=1000,ended=false;
function end(text){ended=true;es.close();say(text);}
function connect(){
  es=new EventSource(base+'/events');
  es.onmessage=function(m){wait=1000;el('status').hidden=true;render(JSON.parse(m.data));};
  es.addEventListener('gone',function(){end(T.gone);});
  es.addEventListener('replaced',function(){end(T.replaced);});
  es.onerror=function(){
    if(ended)return;
    say(T.offline);
    if(es.readyState===EventSource.CLOSED){setTimeout(connect,wait);wait=Math.min(wait*2,30000);}
  };
}
connect();
el('propose').addEventListener('submit',function(ev){
  ev.preventDefault();var w=el('word').value.trim();if(!w)return;el('send').disabled=true;
  fetch(base+'/propose',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({word:w})})
  .then(function(r){return r.json();}).then(function(a){
    if(a.view)render(a.view);if(a.error){el('status').hidden=false;el('status').textContent=a.error;}
    el('word').value='';})
  .catch(function(){say(T.refused);})  // no answer, or not one of ours (a 413, a 429): say so
  .finally(function(){el('send').disabled=false;});
});
})();
"""


def texts(language: str | None) -> dict[str, str]:
    return TEXTS.get(language or "fr", TEXTS["fr"])


def standing(view: dict[str, Any], t: dict[str, str]) -> str:
    """Round 3: where the player stands (waiting, in the Treasure Room, eliminated, out)."""
    if view.get("round") != 3 or view["my_turn_to_propose"]:
        return ""
    return t.get(f"status_{view.get('status')}", "")


def render(view: dict[str, Any]) -> str:
    """The page of one player, from their :func:`player_view` only."""
    t = texts(view.get("language"))
    companion = view.get("code_words") == "companion"
    clues = "".join(f"<li>{escape(c)}</li>" for c in view["clues"])
    last = view.get("last_proposal")
    last_html = ""
    if last:
        said = f"{t['typed']} « {escape(last['typed'])} ». " if last.get("typed") else ""
        last_html = f'<p id="last" class="{"ok" if last["correct"] else "no"}">{said}{t["right"] if last["correct"] else t["wrong"]}</p>'
    else:
        last_html = '<p id="last" hidden></p>'
    hidden = lambda flag: "" if flag else " hidden"  # noqa: E731
    script_texts = json.dumps(t, ensure_ascii=True).replace("<", "\\u003c")
    return f"""<!doctype html>
<html lang="{escape(view.get("language") or "fr")}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{escape(t["title"])}</title><style>{STYLE}</style></head>
<body><main>
<h1 id="name">{escape(view["player"])}</h1>
<p class="meta">{escape(t["level"])} <span id="level">{escape(t.get(view.get("level") or "", ""))}</span>
 · <span id="round">{f'{escape(t["round"])} {view["round"]}' if view.get("round") else ""}</span></p>
<p id="status" class="no" hidden></p>
<p id="damaged" class="no"{hidden(view.get("log_damaged"))}>{escape(t["damaged"])}</p>
<h2>{escape(t["clues"])}</h2>
<ol id="clues">{clues}</ol>
<p id="noclue" class="note"{hidden(companion and not view["clues"])}>{escape(t["no_clue"])}</p>
<p id="cards" class="note"{hidden(not companion)}>{escape(t["cards"])}</p>
{last_html}
<p id="standing" class="note"{hidden(standing(view, t))}>{escape(standing(view, t))}</p>
<form id="propose"{hidden(view["my_turn_to_propose"])}>
<label for="word">{escape(t["your_turn"])}</label>
<p id="again" class="note"{hidden(view.get("again"))}>{escape(t["again"])}</p>
<input id="word" name="word" maxlength="64" autocomplete="off" autocapitalize="none" spellcheck="false"
 placeholder="{escape(t["placeholder"])}">
<button id="send" type="submit">{escape(t["send"])}</button>
</form>
<p id="over" class="note"{hidden(view.get("over"))}>{escape(t["over"])}</p>
<p class="note">{escape(t["private"])}</p>
</main>
<script type="application/json" id="texts">{script_texts}</script>
<script>{SCRIPT}</script>
</body></html>
"""
