"""The games the server hosts: the registry from ``game=NAME`` to each game type and what a game type supplies
(gametypes), and help on the games themselves (helptopics). Each game's own server parts are in its own folder
(server/wimpout/, server/poker/, server/funhouse/)."""
