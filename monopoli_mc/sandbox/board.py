"""The scoreboard: objectives, scores with trigger locks, display slots, teams."""

from __future__ import annotations

from dataclasses import dataclass, field

from monopoli_mc.sandbox.model import Objective, Score, Team


@dataclass
class Scoreboard:
    """All objectives, which objective each display slot shows, and the teams."""

    objectives: dict[str, Objective] = field(default_factory=dict)
    display: dict[str, str] = field(default_factory=dict)
    teams: dict[str, Team] = field(default_factory=dict)

    def get(self, holder: str, objective: str) -> int | None:
        """A score's value, or None when unset."""
        obj = self.objectives.get(objective)
        score = obj.scores.get(holder) if obj else None
        return score.value if score else None

    def score(self, holder: str, obj: Objective) -> Score:
        """getOrCreatePlayerScore: new scores start at 0 and locked."""
        if holder not in obj.scores:
            obj.scores[holder] = Score()
        return obj.scores[holder]

    def holders(self) -> list[str]:
        """Every tracked score holder, in first-seen order."""
        seen: dict[str, None] = {}
        for obj in self.objectives.values():
            for name in obj.scores:
                seen.setdefault(name)
        return list(seen)

    def remove(self, name: str) -> None:
        """Drop an objective and clear the slots that showed it."""
        del self.objectives[name]
        for slot in [s for s, o in self.display.items() if o == name]:
            del self.display[slot]

    def sidebar(self, viewer: str | None = None) -> list[tuple[str, int]]:
        """What the sidebar shows (to `viewer`: a player's name): (holder, value), highest first as vanilla
        sorts it, 15 lines at most. A viewer on a team of a colour whose `sidebar.team.<colour>` slot shows
        an objective sees that one instead (`Gui.renderScoreboardSidebar`: `DisplaySlot.teamColorToSlot`
        of the player's team colour, else `SIDEBAR`; `displayScoreboardSidebar`: `limit(15L)`)."""
        name = self.display.get("sidebar")
        team = self.team_of(viewer) if viewer is not None else None
        if team is not None and team.color != "reset" and self.display.get(f"sidebar.team.{team.color}"):
            name = self.display[f"sidebar.team.{team.color}"]
        if name is None or name not in self.objectives:
            return []
        scores = self.objectives[name].scores
        rows = [(h, s.value) for h, s in scores.items() if not h.startswith("#")]
        rows.sort(key=lambda hv: (-hv[1], hv[0]))
        return rows[:15]

    def team_of(self, holder: str) -> Team | None:
        """getPlayersTeam: the one team a score holder is on, if any."""
        return next((t for t in self.teams.values() if holder in t.members), None)

    def join_team(self, holder: str, team: Team) -> None:
        """addPlayerToTeam: a holder is on one team at most, so joining leaves the old one."""
        self.leave_team(holder)
        team.members.add(holder)

    def leave_team(self, holder: str) -> bool:
        """removePlayerFromTeam: whether the holder was on a team."""
        team = self.team_of(holder)
        if team is not None:
            team.members.discard(holder)
        return team is not None
