"""`team`, with vanilla's reply texts (TeamCommand and en_us.json).

One difference is known: vanilla lists teams in its hash map's order; the sandbox lists them
in the order they were added, as it does objectives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monopoli_mc.sandbox.model import Team
from monopoli_mc.sandbox.failure import CommandError
from monopoli_mc.sandbox.registry import Run, handles
from monopoli_mc.sandbox.resolve import render
from monopoli_mc.sandbox.selection import Holders, holders_of
from monopoli_mc.sandbox.source import Source
from monopoli_mc.vanilla.snbt import plain as plain_value
from monopoli_mc.vanilla.tree import Parsed

Change = Callable[[Source, Team], int]

VISIBILITY = {"never": "Never", "hideForOtherTeams": "Hide for other teams",
              "hideForOwnTeam": "Hide for own team", "always": "Always"}
COLLISION = {"never": "Never", "pushOwnTeam": "Push own team",
             "pushOtherTeams": "Push other teams", "always": "Always"}
CHOICES = {
    "nametagVisibility": ("nametag_visibility", VISIBILITY,
                          'Nametag visibility for team {team} is now "%s"',
                          "Nothing changed. Nametag visibility is already that value"),
    "deathMessageVisibility": ("death_message_visibility", VISIBILITY,
                               'Death message visibility for team {team} is now "%s"',
                               "Nothing changed. Death message visibility is already that value"),
    "collisionRule": ("collision_rule", COLLISION, 'Collision rule for team {team} is now "%s"',
                      "Nothing changed. Collision rule is already that value"),
}
"""Option: (Team field, value labels, success, unchanged)."""
SWITCHES = {
    "friendlyFire": ("friendly_fire",
                     ("Enabled friendly fire for team {team}", "Disabled friendly fire for team {team}"),
                     ("Nothing changed. Friendly fire is already enabled for that team",
                      "Nothing changed. Friendly fire is already disabled for that team")),
    "seeFriendlyInvisibles": ("see_friendly_invisibles",
                              ("Team {team} can now see invisible teammates",
                               "Team {team} can no longer see invisible teammates"),
                              ("Nothing changed. That team can already see invisible teammates",
                               "Nothing changed. That team already can't see invisible teammates")),
}
"""Option: (Team field, (success on, off), (unchanged on, off))."""


@handles("team")
def team(p: Parsed) -> Run:
    """team list|add|remove|empty|join|leave|modify …, on vanilla's parse (every path of the tree)."""
    action, name = p.literals[1], p.args.get("team", "")
    if action == "list":
        return lambda s: _list_members(s, name) if name else _list_teams(s)
    if action == "leave":
        leaving = holders_of(p.args["members"])
        return lambda s: _leave(s, leaving)
    if action == "modify":
        change = _change(p, p.literals[2])
        return lambda s: change(s, find_team(s, name))
    if action == "add":
        display = plain_value(p.args["displayName"]) if "displayName" in p.args else None
        return lambda s: _add(s, name, display)
    if action == "join":
        joining = holders_of(p.args["members"]) if "members" in p.args else None
        return lambda s: _join(s, name, joining)
    return (lambda s: _remove(s, name)) if action == "remove" else (lambda s: _empty(s, name))


def find_team(source: Source, name: str) -> Team:
    """TeamArgument.getTeam: a team by name, with vanilla's error."""
    found = source.world.teams.get(name)
    if found is None:
        raise CommandError(f"Unknown team '{name}'")
    return found


def _list_teams(s: Source) -> int:
    teams = list(s.world.teams.values())
    if not teams:
        s.success("There are no teams")
    else:
        s.success(f"There are {len(teams)} team(s): " + ", ".join(t.shown() for t in teams))
    return len(teams)


def _list_members(s: Source, name: str) -> int:
    listed = find_team(s, name)
    members = sorted(listed.members)  # ComponentUtils.formatList sorts names
    if not members:
        s.success(f"There are no members on team {listed.shown()}")
    else:
        s.success(f"Team {listed.shown()} has {len(members)} member(s): " + ", ".join(members))
    return len(members)


def _add(s: Source, name: str, display: Any) -> int:
    teams = s.world.teams
    if name in teams:
        raise CommandError("A team already exists by that name")
    comp = name if display is None else display
    teams[name] = Team(name, comp, render(comp, s))
    s.success(f"Created team {teams[name].shown()}")
    return len(teams)


def _remove(s: Source, name: str) -> int:
    removed = find_team(s, name)
    del s.world.teams[name]
    s.success(f"Removed team {removed.shown()}")
    return len(s.world.teams)


def _empty(s: Source, name: str) -> int:
    emptied = find_team(s, name)
    count = len(emptied.members)
    if count == 0:
        raise CommandError("Nothing changed. That team is already empty")
    emptied.members.clear()
    s.success(f"Removed {count} member(s) from team {emptied.shown()}")
    return count


def _join(s: Source, name: str, holders: Holders | None) -> int:
    joined = find_team(s, name)
    if holders is not None:
        names = holders.resolve(s)
    elif s.entity is not None:
        names = [s.entity.name]
    else:
        raise CommandError("An entity is required to run this command here")
    for holder in names:
        s.world.scoreboard.join_team(holder, joined)
    s.success(f"Added {_members(s, names)} to team {joined.shown()}")
    return len(names)


def _leave(s: Source, holders: Holders) -> int:
    names = holders.resolve(s)
    for holder in names:
        s.world.scoreboard.leave_team(holder)
    s.success(f"Removed {_members(s, names)} from any team")
    return len(names)


def _members(s: Source, names: list[str]) -> str:
    """One member by getFeedbackDisplayName (an online player wears their team's prefix and
    suffix), or several as a count: the `.single` and `.multiple` texts differ only there."""
    if len(names) > 1:
        return f"{len(names)} members"
    on = s.world.team_of(names[0]) if s.world.player(names[0]) is not None else None
    return names[0] if on is None else on.decorate(names[0])


def _change(p: Parsed, option: str) -> Change:
    """The change `team modify <team> <option> …` makes."""
    if option in ("displayName", "prefix", "suffix"):
        comp = plain_value(p.args[option])
        if option == "displayName":
            return lambda s, t: _rename(s, t, comp)
        return lambda s, t: _affix(s, t, option, comp)
    if option == "color":
        color = p.args["value"]
        return _setter("color", color, f"Updated the color for team {{team}} to {color}",
                       "Nothing changed. That team already has that color")
    if option in SWITCHES:
        on = p.args["allowed"]
        field, successes, unchanged = SWITCHES[option]
        i = 0 if on else 1
        return _setter(field, on, successes[i], unchanged[i])
    field, labels, success, same = CHOICES[option]
    value = p.literals[3]
    return _setter(field, value, success % labels[value], same)


def _setter(field: str, value: object, success: str, unchanged: str) -> Change:
    """A change of one option: fails, changing nothing, when the team already has the value."""
    def change(s: Source, t: Team) -> int:
        if getattr(t, field) == value:
            raise CommandError(unchanged)
        setattr(t, field, value)
        s.success(success.format(team=t.shown()))
        return 0
    return change


def _rename(s: Source, t: Team, comp: Any) -> int:
    if _literal(t.display) == _literal(comp):
        raise CommandError("Nothing changed. That team already has that name")
    t.display = comp
    t.display_text = render(comp, s)
    s.success(f"Updated the name of team {t.shown()}")
    return 0


def _literal(comp: Any) -> Any:
    """Components compare by value: `"x"` and `{text:"x"}` are the same text."""
    return comp["text"] if isinstance(comp, dict) and list(comp) == ["text"] else comp


def _affix(s: Source, t: Team, option: str, comp: Any) -> int:
    text = render(comp, s)
    setattr(t, option, text)
    s.success(f"Team {option} set to {text}")
    return 1
