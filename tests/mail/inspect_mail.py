#!/usr/bin/env python3
"""Parses mail files with Python's email package and prints what a mail client would show,
as JSON (one object per file): decoded headers, the text and HTML parts, and defects found.

    inspect_mail.py FILE.eml...
"""
import email
import email.policy
import json
import sys


def inspect(path):
    with open(path, "rb") as f:
        raw = f.read()
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    text = msg.get_body(preferencelist=("plain",))
    html = msg.get_body(preferencelist=("html",))
    return {
        "file": path,
        "subject": str(msg["subject"]),
        "from": str(msg["from"]),
        "to": str(msg["to"]),
        "date": str(msg["date"]),
        "message_id": str(msg["message-id"]),
        "list_unsubscribe": msg["list-unsubscribe"] and str(msg["list-unsubscribe"]),
        "list_unsubscribe_post": msg["list-unsubscribe-post"] and str(msg["list-unsubscribe-post"]),
        "content_type": msg.get_content_type(),
        "text": text.get_content() if text is not None else None,
        "html": html.get_content() if html is not None else None,
        "defects": [type(d).__name__ for part in msg.walk() for d in part.defects],
        "longest_line": max(len(line) for line in raw.split(b"\r\n")),
        "bare_lf": raw.replace(b"\r\n", b"").count(b"\n"),
    }


print(json.dumps([inspect(p) for p in sys.argv[1:]], ensure_ascii=False))
