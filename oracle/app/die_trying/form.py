"""The Die Trying tab's controls: every widget of the builder, the check roller, the spell
caster and the death-save tracker, made with widths that fit the dark theme's rows and the
stable ``oracle-dt-<control>`` DOM classes. :class:`~oracle.app.die_trying.view.DieTryingView`
lays them out and wires them to its moves."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.background import markup_into
from oracle.die_trying.creation import CASTING_SKILLS, Ability, Skill
from oracle.die_trying.equipment import PRICE_LIST, WEAPON_DAMAGE_TYPES, WeaponTrait

NO_SKILL = "(no skill)"
SCORES = [-1, 0, 1, 2, 3]
SIZES, KINDS = ["small", "medium", "large"], ["skill", "attack", "save"]
ABILITIES = [a.value for a in Ability]
FACE_D10, FACES = "d10 face (physical dice)", "Faces (physical dice)"  # labels that stay
# attribute -> its DOM class, ``oracle-dt-<name>`` (one each: the view is on the page once)
_HOOKED = """
    party name species profs talents md item qty budget preview create builder_error who
    ability skill bonus dc kind check_odds check_faces roll_check check_result check_error
    caster magic level cast_odds cast_faces cast cast_result cast_error patient amount
    damage heal save_odds save_faces save save_result dying_error award healer mark new_day
    points roll_scores stabilize target scores_line wake size improvised cast_skill
    cast_ability trait wear
"""
HOOKS = {f"_{name}": name.replace("_", "-") for name in _HOOKED.split()} | {
    "_add": "buy", "_undo_item": "put-back", "_dmg_type": "damage-type"}


class DieTryingControls:
    """The tab's widgets, made once; the view that has them lays them out and wires them."""

    def _build_controls(self) -> None:
        self._build_builder()
        self._build_checks()
        self._build_magic()
        self._build_dying()
        self._tidy()
        self._hooks()

    def _build_builder(self) -> None:
        self._name = c.text("e.g. Brakka", label="Name", width="12em")
        self._species = c.text("e.g. dwarf", label="Species", width="10em")
        self._size = widgets.Dropdown(options=SIZES, value="medium", description="size")
        self._roll_scores = c.button("Roll ability scores", style="primary")
        self._scores_line = c.html(css="oracle-hint")
        self._ability_boxes = {
            a: widgets.Dropdown(options=SCORES, value=0, description=a.value[:3].upper())
            for a in Ability
        }
        self._profs = c.text("e.g. stealth: expert, weapons: trained", label="Proficiencies",
                             width="24em")
        self._talents = c.text("e.g. Spark: 1", label="Talents", width="14em")
        self._md = widgets.BoundedIntText(0, min=0, max=20, description="Magic Dice")
        self._item = widgets.Dropdown(options=[(f"{i.name} ({i.price} SP, {i.bulk})", i.key)
                                               for i in PRICE_LIST], value="weapon",
                                   description="item")
        self._qty = widgets.BoundedIntText(1, min=1, max=20, description="x")
        self._trait = widgets.Dropdown(options=[t.value for t in WeaponTrait], value="finesse",
                                       description="trait")
        self._dmg_type = widgets.Dropdown(options=[d.value for d in WEAPON_DAMAGE_TYPES],
                                          value="slashing", description="damage")
        self._add = c.button("Buy")
        self._undo_item = c.button("Put back last")
        self._wear = c.checkbox("wear armor", value=True)
        self._budget = c.html(css="oracle-counters")
        self._preview = c.html(css="oracle-hint")
        self._create = c.button("Create character", style="primary")
        self._builder_error = c.error_line()

    def _build_checks(self) -> None:
        self._who = widgets.Dropdown(options=[], description="who")
        self._ability = widgets.Dropdown(options=ABILITIES, value="dexterity", description="ability")
        self._skill = widgets.Dropdown(options=[NO_SKILL, *(s.value for s in Skill)],
                                       value="perception", description="skill")
        self._bonus = widgets.IntText(0, description="bonus")
        self._dc = widgets.IntText(5, description="DC")
        self._kind = widgets.Dropdown(options=KINDS, value="skill", description="kind")
        self._check_odds = c.html(css="oracle-odds")
        self._check_faces = c.text("empty: the oracle rolls", label=FACE_D10, width="26em")
        self._roll_check = c.button("Roll check", style="primary")
        self._check_result = c.html(css="oracle-outcome")
        self._check_error = c.error_line()

    def _build_magic(self) -> None:
        self._caster = widgets.Dropdown(options=[], description="caster")
        self._magic = widgets.BoundedIntText(1, min=0, max=20, description="MD to spend")
        self._level = widgets.BoundedIntText(0, min=0, max=20, description="spell level")
        self._improvised = c.checkbox("improvised (no spell)")
        self._cast_skill = widgets.Dropdown(options=[s.value for s in CASTING_SKILLS],
                                            value="arcana", description="skill")
        self._cast_ability = widgets.Dropdown(options=[a.value for a in Ability],
                                              value="intelligence", description="ability")
        self._cast_odds = c.html(css="oracle-odds")
        self._cast_faces = c.text("MD, ID, (improvised: d10), miscast d10", label=FACES, width="40em")
        self._cast_faces.tooltip = ("Physical dice: Magic Dice, Instability Dice, (improvised: "
                                    "the check's d10), then the miscast d10 if any match")
        self._cast = c.button("Cast", style="danger")
        self._cast_result = c.html(css="oracle-outcome")
        self._cast_error = c.error_line()
        self._cast_job = markup_into(self._cast_odds, self._cast_error)

    def _build_dying(self) -> None:
        self._patient = widgets.Dropdown(options=[], description="who")
        self._amount = widgets.BoundedIntText(1, min=0, max=99, description="amount")
        self._damage = c.button("Damage")
        self._heal = c.button("Heal")
        self._wake = c.button("Wake (1 HP)")
        self._new_day = c.button("New day")
        self._save_odds = c.html(css="oracle-odds")
        self._save_faces = c.text("d10, then 2d6 for the hours", label=FACES, width="24em")
        self._save = c.button("Death save", style="primary")
        self._healer = widgets.Dropdown(options=[], description="healer")
        self._stabilize = c.button("Stabilize (Medicine Kit)")
        self._save_result = c.html(css="oracle-outcome")
        self._points = widgets.BoundedIntText(1, min=1, max=10, description="Points")
        self._award = c.button("Award")
        self._target = widgets.Dropdown(
            options=[*(a.value for a in Ability), *(s.value for s in Skill)], value="strength",
            description="mark")
        self._mark = c.button("Mark")
        self._dying_error = c.error_line()

    def _tidy(self) -> None:
        """Widths that fit the dark theme's rows; labels never squeeze their inputs."""
        widths = {
            # a select's width holds its label and its longest choice ("intelligence",
            # "intimidation", "bludgeoning"): a choice is never cut
            "_size": "10em", "_item": "17em", "_trait": "12em", "_dmg_type": "15em",
            "_who": "17em", "_ability": "13em", "_skill": "14em", "_kind": "9em",
            "_caster": "14em", "_cast_skill": "13em", "_cast_ability": "14em", "_patient": "13em",
            "_healer": "14em", "_target": "14em", "_md": "10em", "_qty": "5em",
            "_bonus": "7em", "_dc": "6em", "_magic": "10em", "_level": "9em", "_amount": "9em",
            "_points": "8em",
        }
        boxes = [(name, getattr(self, name)) for name in widths]
        boxes += [("", box) for box in self._ability_boxes.values()]
        for name, box in boxes:
            box.style.description_width = "initial"
            box.layout.width = widths.get(name, "6.5em")

    def _hooks(self) -> None:
        """Stable DOM classes (``oracle-dt-<control>``) the browser tests and styles rely on."""
        for attr, css in HOOKS.items():
            getattr(self, attr).add_class(f"oracle-dt-{css}")
        for ability, box in self._ability_boxes.items():
            box.add_class(f"oracle-dt-{ability.value}")
