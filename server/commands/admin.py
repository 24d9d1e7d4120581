"""Wizard commands: speaking to all, removing people, resetting passwords, stopping the server."""

from __future__ import annotations

import structlog

from rooms.messages import Message, Refusal, speech
from server.words import texts
from server.community.addressbans import Network, covers, network_named
from server.commands.args import quoted_pair, required
from server.commands.registry import command
from server.community.names import password_problem, skeleton
from server.community.passwords import hash_password_async
from server.community.sanctions import record, when
from server.session import Session
from server.store import Account, AddressBan, StoreDown

log = structlog.get_logger()


@command("@wall", wizard=True, category="admin")
async def wall(session: Session, args: str) -> None:
    """@wall <message>

    Shout a message to everyone connected.
    """
    text = speech(required(args))
    log.info("admin.wall", by=session.player)
    message = Message(f'{session.player} shouts, "{text}"', "wall", {"who": session.player, "text": text})
    for other in list(session.services.presence.players.values()):
        other.send(message)


@command("@boot", wizard=True, category="admin")
async def boot(session: Session, args: str) -> None:
    """@boot <player>

    Disconnect a connected player. They may connect again (see @ban).
    """
    target = session.services.world.find_player(required(args))
    if target is None:
        raise Refusal(f"{args.strip()} is not connected.")
    if target == session.player:
        raise Refusal(texts.BOOT_SELF)
    await record(session, "boot", target)
    removed = session.services.presence.players[target]
    assert removed.account is not None
    await _hold(session, removed.account, removed.address)
    removed.close(texts.BOOTED.format(by=session.player))
    session.tell(f"You booted {target}.")


@command("@ban", wizard=True, category="admin")
async def ban(session: Session, args: str) -> None:
    """@ban [<player> | <address>][=<reason>]

    Stop a character from connecting, and disconnect them if they are on. Or
    refuse every connection from an address or a network of them
    (@ban 203.0.113.7, @ban 203.0.113.0/24=spam bots): those on from there
    are disconnected, and new ones are told they are banned, until
    '@unban <address>'. '@ban' alone lists the banned characters and addresses.
    """
    word, _, reason = args.partition("=")
    if not word.strip():
        await _bans(session)
        return
    network = network_named(word)
    if network is not None:
        await _ban_address(session, network, reason.strip())
        return
    account = await account_named(session, word.strip())
    if account.name == session.player:
        raise Refusal("You cannot ban yourself.")
    await session.services.store.set_banned(account.skeleton, True)
    await record(session, "ban", account.name, reason.strip())
    connected = session.services.presence.players.get(account.name)
    address = connected.address if connected is not None else account.last_address
    await _hold(session, account, address)
    done = f"{account.name} is banned."
    if connected is not None:
        session.tell(f"{done}\n{texts.BAN_ADDRESS_TOO.format(address=connected.address)}")
        connected.close(texts.BANNED)
    elif address is not None:
        session.tell(f"{done}\n{texts.BAN_LAST_ADDRESS_TOO.format(address=address)}")
    else:
        session.tell(done)


async def _ban_address(session: Session, network: Network, reason: str) -> None:
    """Refuse ``network`` from now on (kept), and hang up on the players on from there."""
    services = session.services
    if covers(network, session.address):
        raise Refusal(texts.BAN_OWN_ADDRESS.format(address=session.address))
    ban = AddressBan(str(network), session.player, reason, services.clock())
    await services.store.ban_address(ban)
    services.address_bans.add(ban)
    await record(session, "ban", ban.network, reason)
    there = [s for s in services.presence.players.values() if services.address_bans.find(s.address) is ban]
    for other in there:
        other.close(texts.ADDRESS_BANNED)
    session.tell(texts.ADDRESS_BAN_DONE.format(network=ban.network, count=len(there)))


async def _bans(session: Session) -> None:
    """The banned characters and addresses."""
    names = await session.services.store.banned_names()
    lines = [texts.BANNED_NAMES.format(names=", ".join(names)) if names else texts.NO_BANNED_NAMES]
    for ban in session.services.address_bans.all():
        why = f": {ban.reason}" if ban.reason else ""
        lines.append(texts.BANNED_ADDRESS.format(network=ban.network, by=ban.by, when=when(ban.at), why=why))
    if len(lines) == 1:
        lines.append(texts.NO_ADDRESS_BANS)
    session.tell("\n".join(lines), "bans")


async def _hold(session: Session, removed: Account, address: str | None) -> None:
    """Keep a removed player, and new characters from their address (where they are on from, else where they last
    logged in from), out for ``boot_hold`` seconds."""
    await session.services.holds.hold(removed.skeleton, address, session.services.settings.limits.boot_hold)


@command("@unban", wizard=True, category="admin")
async def unban(session: Session, args: str) -> None:
    """@unban <player> | <address>

    Let a banned character connect again, or lift the ban of an address or
    network (as '@ban' lists it).
    """
    word = required(args)
    network = network_named(word)
    if network is not None:
        lifted = session.services.address_bans.remove(network)
        if lifted is None:
            raise Refusal(texts.NOT_ADDRESS_BANNED.format(network=network))
        try:
            await session.services.store.unban_address(lifted.network)
        except StoreDown:  # not lifted: it stays in force
            session.services.address_bans.add(lifted)
            raise
        await record(session, "unban", lifted.network)
        session.tell(texts.ADDRESS_UNBANNED.format(network=lifted.network))
        return
    account = await account_named(session, word)
    await session.services.store.set_banned(account.skeleton, False)
    await session.services.holds.release(account.skeleton)
    await record(session, "unban", account.name)
    session.tell(f"{account.name} may connect again.")


@command("@newpassword", wizard=True, category="admin")
async def newpassword(session: Session, args: str) -> None:
    """@newpassword <player>=<new password>

    Give a player a new password (when they have lost theirs). Quote a password
    with spaces: @newpassword Igor="a new secret". Tell them the new one.
    """
    name, new = quoted_pair(args, texts.NEWPASSWORD_EXAMPLE)
    account = await account_named(session, name)
    problem = password_problem(account.name, new)
    if problem:
        raise Refusal(problem)
    services = session.services
    await services.store.set_password_hash(account.skeleton, await hash_password_async(new, services.settings.password_hash_cost))
    await record(session, "newpassword", account.name)
    connected = services.presence.players.get(account.name)
    if connected is not None:
        connected.tell(texts.PASSWORD_RESET_NOTE.format(by=session.player))
    session.tell(texts.PASSWORD_RESET.format(name=account.name))


@command("@shutdown", wizard=True, category="admin")
async def shutdown(session: Session, args: str) -> None:
    """@shutdown

    Stop the server gracefully: everyone is told, everything is saved, then
    every connection is closed.
    """
    session.services.shutdown(session.player)


@command("@reload", wizard=True, category="admin")
async def reload(session: Session, args: str) -> None:
    """@reload

    Load the code now on disk without dropping anyone: a new game process
    takes over every connection, each player where they were. If the new
    code does not start, the game goes on as it was, and you are told.
    """
    if session.services.reload is None:
        raise Refusal(texts.RELOAD_ONE_PROCESS)
    session.services.reload(session.player)


async def account_named(session: Session, name: str) -> Account:
    """The account called ``name`` (its whole name, any case)."""
    account = await session.services.store.find(skeleton(name))
    if account is None or account.name.casefold() != name.casefold():
        raise Refusal(texts.NO_SUCH_PLAYER.format(name=name))
    return account
