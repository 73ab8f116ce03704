"""`monopoli datapack build`: generate the datapack from the configs, as a folder and a zip."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click

from monopoli_mc.cli.options import folder_path, world_option
from monopoli_mc.datapack.aliases import FILE as ALIASES, commands_yml
from monopoli_mc.datapack.build import build_pack
from monopoli_mc.datapack.pack import write_pack
from monopoli_mc.datapack.versions import get_version
from monopoli_mc.datapack.world_config import default_world_path, load_world
from monopoli_mc.errors import ConfigError
from monopoli_mc.rules.board import Board, configs_dir, default_board_path, load_board


def board_for_rules(rules: str | None) -> Board:
    """The board a rule set plays on (the standard board without a rule set)."""
    if rules is None:
        return load_board(default_board_path())
    from monopoli_mc.rules.settings import load_rules  # the engine's own loader

    return load_board(configs_dir() / "boards" / f"{load_rules(rules).board}.yaml")


@click.group("datapack")
def datapack() -> None:
    """Build the Monopoli MC datapack."""


@datapack.command("build")
@world_option
@click.option("--rules", default=None, help="Rule set name or file; picks the board.")
@click.option("--minecraft", "version", default=None,
              help="Build for this Minecraft version instead of the config's.")
@click.option("--out", type=folder_path(),
              default=Path("datapacks"), show_default=True, help="Folder to write into.")
def build(world_path: Path | None, rules: str | None, version: str | None, out: Path) -> None:
    """Generate the pack, then write OUT/monopoli/, OUT/monopoli.zip and OUT/commands.yml.

    commands.yml holds aliases for Paper and Spigot servers (/d6 for /trigger d6): put them
    into the commands.yml beside the server's server.properties.

    \b
    Example:
      monopoli datapack build --world configs/world.yaml --out datapacks/
    """
    world = load_world(world_path or default_world_path())
    if version is not None:
        try:
            world = dataclasses.replace(world, version=get_version(version))
        except ConfigError as exc:
            raise ConfigError(exc.detail, key="--minecraft") from None
    pack = build_pack(world, board_for_rules(rules))
    out.mkdir(parents=True, exist_ok=True)
    folder, archive = write_pack(pack, out)
    (out / ALIASES).write_text(commands_yml(), encoding="utf-8")
    click.echo(f"wrote {folder} and {archive} for Minecraft {world.version.name} "
               f"({len(pack.functions)} functions), and {out / ALIASES} (aliases for Paper/Spigot)")
