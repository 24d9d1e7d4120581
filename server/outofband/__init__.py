"""Out-of-band protocols over telnet, beside the text: each a module with an ``OutOfBand`` subclass, registered here.
The telnet transport offers them in this order and tells each what it needs to know (server.outofband.interface)."""

from server.outofband.gmcp import Gmcp
from server.outofband.interface import OutOfBand
from server.outofband.mssp import Mssp

PROTOCOLS: tuple[type[OutOfBand], ...] = (Gmcp, Mssp)
