#!/usr/bin/env python3
"""A real SMTP server on loopback for the mail tests (Debian python3-aiosmtpd).

    receiver.py PORT DIR [ADDRESS]   (ADDRESS: 127.0.0.1 unless given)

Every accepted message is written to DIR/<n>.eml exactly as received (written to a hidden
file first, then renamed, so a reader never sees half a mail). Prints "ready" once it listens.
"""
import asyncio
import itertools
import os
import sys

from aiosmtpd.controller import Controller


class SaveEach:
    def __init__(self, directory):
        self.directory = directory
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        n = next(self.counter)
        part = os.path.join(self.directory, f".{n}.part")
        with open(part, "wb") as f:
            f.write(envelope.original_content)
        os.rename(part, os.path.join(self.directory, f"{n}.eml"))
        return "250 OK"


def main():
    port, directory = int(sys.argv[1]), sys.argv[2]
    # A third argument: the address to listen on (the scale-out drill's daemons are hosts of
    # their own, each reaching this machine at its own veth address).
    hostname = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
    os.makedirs(directory, exist_ok=True)
    controller = Controller(SaveEach(directory), hostname=hostname, port=port)
    controller.start()
    print("ready", flush=True)
    try:
        asyncio.get_event_loop().run_until_complete(asyncio.Event().wait())
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
