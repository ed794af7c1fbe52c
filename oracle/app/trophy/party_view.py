"""The party: build characters with every sheet field, several per campaign, plus NPCs."""

from __future__ import annotations

import random
from typing import Any

from oracle.app import controls as c
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.moves import trophy_moves
from oracle.app.trophy.render import sheet_details, sheet_html


class PartyView:
    """Character builder and the party list."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.moves = trophy_moves(session)
        self.shell = shell
        self._name = c.text("e.g. Wren Ashdown", label="Name", css="oracle-new-name")
        self._occupation = c.text("e.g. Hunter, Priest, Cartographer", label="Occupation",
                                  css="oracle-new-occupation")
        self._background = c.text("e.g. Debt-ridden heir", label="Background",
                                  css="oracle-new-background")
        self._skills = c.text("separated by commas", label="Skills", css="oracle-new-skills")
        self._drive = c.text("why you came into the forest", label="Drive",
                             css="oracle-new-drive")
        self._rituals = c.text("separated by commas", label="Rituals", css="oracle-new-rituals")
        self._equipment = c.text("separated by commas", label="Equipment",
                                 css="oracle-new-equipment")
        self._armor = c.text("pieces, separated by commas", label="Armor",
                             css="oracle-new-armor")
        self._start = c.number(value=1, min=1, max=5, description="Starting Ruin")
        self._start.layout.width = "180px"
        self._npc = c.checkbox("NPC (for contests)", css="oracle-new-npc")
        self._add = c.button("Add to the party", css="oracle-add-character", style="primary")
        self._generate = c.button("Generate", css="oracle-generate-character",
                                  tooltip="Fill the sheet with a new treasure-hunter")
        self._generated: dict[str, list[str]] = {}  # lists as drawn (a ritual may hold a comma)
        self._rng = random.Random()
        self._editing = c.dropdown(options=[("— a new character —", "")], value="",
                                   description="Edit")
        self._editing.add_class("oracle-edit-character")
        self._save = c.button("Save changes", css="oracle-save-character", style="primary")
        self._error = c.error_line()
        self._list = c.html("", "oracle-party-list")
        self._add.on_click(c.guard(self._error, self._do_add))
        self._generate.on_click(c.guard(self._error, self._do_generate))
        self._save.on_click(c.guard(self._error, self._do_save))
        self._editing.observe(c.guard(self._error, self._load), names="value")
        for box in (self._name, self._occupation, self._background, self._skills, self._drive,
                    self._rituals, self._equipment, self._armor):
            c.on_enter(box, c.guard(self._error, self._enter))
        self.widget = c.column(
            c.html("<h2>The party</h2>"),
            c.html('<div class="oracle-hint">A solo player often runs a whole party. Pick the '
                   "active character beside the journal.</div>"),
            self._list,
            c.html("<h3>New treasure-hunter, or edit a sheet</h3>"), self._editing,
            self._name, self._occupation, self._background, self._skills, self._drive,
            self._rituals, self._equipment, self._armor, c.row(self._start, self._npc),
            c.row(self._add, self._save, self._generate), self._error,
            css="oracle-party",
        )
        c.hooks(self, {"_start": "oracle-new-starting-ruin"})
        self.refresh()

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        c.set_options(self._editing, [("— a new character —", "")]
                      + [(ch.name, ch.name) for ch in self.moves.characters()])
        self._show_mode()
        parts = []
        for character in self.moves.characters():
            npc = ' <span class="oracle-tag">NPC</span>' if character.npc else ""
            parts.append(f'<div class="oracle-panel oracle-party-member">{sheet_html(character, hook=False)}'
                         f'{npc}{sheet_details(character)}</div>')
        self._list.value = "".join(parts) or '<div class="oracle-hint">No one yet.</div>'

    def _show_mode(self) -> None:
        editing = bool(self._editing.value)
        self._add.layout.display = "none" if editing else ""
        self._save.layout.display = "" if editing else "none"
        self._name.disabled = self._start.disabled = editing  # identity and starting Ruin stay

    def _load(self, _change: Any = None) -> None:
        """Fill the form with the chosen character's sheet."""
        self._show_mode()
        name = self._editing.value
        if not name:
            return
        who = self.moves.state.character(name)
        self._name.value = who.name
        self._occupation.value = who.occupation
        self._background.value = who.background
        self._skills.value = ", ".join(who.skills)
        self._drive.value = who.drive
        self._rituals.value = ", ".join(who.rituals)
        self._equipment.value = ", ".join(who.equipment)
        self._armor.value = ", ".join(p.name for p in who.armor)
        self._start.value = who.starting_ruin
        self._npc.value = who.npc

    def _do_save(self, _button: Any = None) -> None:
        name = self._editing.value
        self.moves.update_character(name, {
            "occupation": self._occupation.value.strip(),
            "background": self._background.value.strip(),
            "skills": list(c.split_list(self._skills.value)),
            "drive": self._drive.value.strip(),
            "rituals": list(c.split_list(self._rituals.value)),
            "equipment": list(c.split_list(self._equipment.value)),
            "armor": list(c.split_list(self._armor.value)),
            "npc": bool(self._npc.value),
        })
        self.shell.refresh()

    def _enter(self) -> None:
        """Enter in a field adds the new character, or saves the sheet being edited."""
        if self._editing.value:
            self._do_save()
        else:
            self._do_add()

    def _do_generate(self, _button: Any = None) -> None:
        """Fill the form with a generated treasure-hunter (our tables; a name not taken)."""
        from oracle.trophy.generate import character

        self._editing.value = ""
        hunter = character(self._rng, taken=self.moves.names(in_play=False)).to_dict()
        self._generated = {k: list(hunter[k]) for k in ("skills", "rituals", "equipment",
                                                         "armor")}
        self._name.value = hunter["name"]
        self._occupation.value = hunter["occupation"]
        self._background.value = hunter["background"]
        self._drive.value = hunter["drive"]
        for key, box in (("skills", self._skills), ("rituals", self._rituals),
                         ("equipment", self._equipment), ("armor", self._armor)):
            box.value = ", ".join(hunter[key])
        self._start.value = 1
        self._npc.value = False

    def _listed(self, key: str, box: Any) -> list[str]:
        drawn = self._generated.get(key)
        if drawn is not None and box.value == ", ".join(drawn):
            return drawn
        return list(c.split_list(box.value))

    def _do_add(self, _button: Any = None) -> None:
        sheet: dict[str, Any] = {
            "name": self._name.value.strip(),
            "occupation": self._occupation.value.strip(),
            "background": self._background.value.strip(),
            "skills": self._listed("skills", self._skills),
            "drive": self._drive.value.strip(),
            "rituals": self._listed("rituals", self._rituals),
            "equipment": self._listed("equipment", self._equipment),
            "armor": self._listed("armor", self._armor),
            "starting_ruin": int(self._start.value),
            "npc": bool(self._npc.value),
        }
        self.moves.add_character(sheet)
        for box in (self._name, self._occupation, self._background, self._skills, self._drive,
                    self._rituals, self._equipment, self._armor):
            box.value = ""
        self._npc.value = False
        self._start.value = 1  # the next character starts afresh (an NPC once silently got Ruin 2)
        self._generated = {}
        self.shell.refresh()
