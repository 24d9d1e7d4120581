"""Every fixed thing the server says, in one place (Fuzzball's wording where players know it)."""

from __future__ import annotations


def banner(server_name: str) -> str:
    # Must not end in a "login:"-like prompt: TinyFugue would then stop auto-logging in.
    return (
        f"Welcome to {server_name}!\n"
        "\n"
        "To connect to your character use 'connect <playername> <password>'\n"
        "To create a new character use 'create <playername> <password>'\n"
        "Use quotes around a name or password with spaces: connect Igor \"my secret\"\n"
        "'WHO' and 'help' also work in this context.  'QUIT' leaves."
    )


HUH = 'Huh?  (Type "help" for help.)'
QUIT = "Come back later!"
NOT_CONNECTED = "You need to connect first: connect <playername> <password>"
ALREADY_CONNECTED = "You are already connected."
PERMISSION_DENIED = "Permission denied."
INTERNAL_ERROR = "Something went wrong running that command; it has been logged."

BAD_LOGIN = "Either that player does not exist, or has a different password."
BANNED = "That character is banned from this server."
TAKEN = "That name is already taken."
LOOKS_TAKEN = "That name looks too much like {existing}; please choose another."
LOGIN_THROTTLED = "Too many failed logins from your address; try again in {seconds} seconds."
PASSWORD_PROMPT = "Password: "
TAKEN_OVER = "Your connection has been taken over by a new login."
CREATED = "Welcome, {name}! Your character has been created."
WIZARD_NOTE = "You are a wizard here: see 'help' for the admin commands."
WELCOME_BACK = "Welcome back, {name}."
PASSWORD_AGAIN_PROMPT = "Password again: "
PASSWORDS_DIFFER = "The two passwords were not the same; nothing was created. Try 'create' again."
QUOTE_SPACES = "Put quotes around a name or password with spaces in it, as in: {example}"
UNCLOSED_QUOTE = "A double quote is left open. Put quotes around a name or password with spaces, as in: {example}"
CONNECT_EXAMPLE = 'connect Igor "my secret"'
CREATE_EXAMPLE = 'create Igor "my secret"'
PASSWORD_EXAMPLE = '@password "my old secret"="my new secret"'
NEWPASSWORD_EXAMPLE = '@newpassword Igor="a new secret"'
NOT_YOUR_PASSWORD = "Sorry, that is not your current password."
PASSWORD_CHANGED = "Password changed."
PASSWORD_RESET = "{name}'s password is changed; tell them the new one."
PASSWORD_RESET_NOTE = "Your password has been changed by {by}."

LINE_TOO_LONG = "That line was longer than {limit} bytes and was ignored."
INVALID_UTF8 = "That line was not valid UTF-8; the bad bytes were replaced."
FLOOD = "You are sending commands too fast: the rest will run at {rate:g} per second."
IDLE_DISCONNECT = "Autodisconnecting for inactivity."
TOO_MANY_CONNECTIONS = "Too many connections from your address (at most {limit}); closing this one."
SHUTDOWN = "The server is shutting down. Come back later!"
SERVER_CLOSING = "The server is shutting down; try again in a little while."
BOOTED = "You have been booted off the server by {by}."
BOOT_SELF = "You cannot boot yourself: QUIT leaves."
NO_SUCH_PLAYER = "There is no player called {name}."

# --- tables ---------------------------------------------------------------------------------
TABLE_OPENED = "{who} opens table {number} here: {rules} 'sit {number}' to play, 'watch {number}' to watch."
TABLE_CLOSED = "Table {number} is closed: {why}"
TABLE_CLOSED_GAME = "the game is over (game #{game}: 'replay {game}'). 'table open' starts another."
TABLE_CLOSED_EMPTY = "everyone left before the game began."
NO_TABLES = "There are no tables open. 'table open' opens one in the room you are in."
NO_TABLE_HERE = "There is no table in this room: 'table open' opens one, 'tables' lists them all."
WHICH_TABLE = "There are several tables here ({numbers}): say which, e.g. '{verb} {first}'."
NO_SUCH_TABLE = "There is no table {number}: 'tables' lists them."
TABLE_ELSEWHERE = "Table {number} is in {room}: go there to {verb}."
SEATED_ELSEWHERE = "You are sitting at table {number}: 'leave' it first."
NOT_AT_A_TABLE = "You are not sitting at a table."
NOT_WATCHING = "You are neither sitting at nor watching a table."
DICE_EXHAUSTED = "The loaded dice have run out ({why}); nothing happened. Ask the server's operator for more throws."
BACK_AT_TABLE = "You are back at table {number}."
SET_USAGE = "Usage: @set cubes=art|compact  or  @set screenreader=on|off"
SET_DONE = "Set: {key}={value}."
SET_SHOW = "Your settings: {settings}."
NO_GAMES = "{name} has no finished games."
NO_LEADERS = "No game has been finished yet."
NO_SUCH_GAME = "There is no finished game #{game}."
JSON_ON = "JSON mode on: one JSON object a line (see docs/bots.md). '@json off' switches back."
JSON_OFF = "JSON mode off."
JSON_ONLY = "The web client speaks JSON only: '@json off' is for telnet connections."
WITH_HOUSE_BOTS = " (with house bots)"
