#!/usr/bin/env python3
"""Writes the dlx(1) man page from the tool's own --help, so the two never
disagree: `tools/manpage.py target/release/dlx > dlx.1` (the Makefile does
this when it builds the tool).

The help's first line is the synopsis, the paragraph after it the
description; "Options:" starts the option list (an option line starts with
two spaces and a dash); the other paragraphs become sections of their own,
named by their first words when those end in a colon.
"""
import subprocess
import sys


def roff(text):
    """Escapes a line for roff: backslashes, and a leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: manpage.py PATH-TO-DLX")
    help_text = subprocess.run([argv[1], "--help"], capture_output=True, text=True, check=True).stdout
    version = subprocess.run([argv[1], "--version"], capture_output=True, text=True, check=True).stdout.split()[-1]
    lines = help_text.rstrip("\n").split("\n")
    out = ['.TH DLX 1 "" "dlx %s" "User Commands"' % version, ".SH NAME",
           "dlx \\- solve exact cover problems in Knuth's format with dancing links", ".SH SYNOPSIS"]
    synopsis = lines[0].split(":", 1)[1].strip()
    out += [".B dlx", roff(synopsis.split(None, 1)[1]) if " " in synopsis else "", ".SH DESCRIPTION"]
    in_options = False
    for line in lines[1:]:
        if not line.strip():
            out.append(".PP")
            continue
        if line.startswith("Options:"):
            out.append(".SH OPTIONS")
            in_options = True
            continue
        if in_options and line.startswith("  ") and line.lstrip().startswith("-"):
            # "  -p, --print          what it does": the flags, then the text.
            body = line.strip()
            flags, _, rest = body.partition("  ")
            out += [".TP", ".B " + roff(flags.strip()), roff(rest.strip())]
            continue
        if not line.startswith(" ") and in_options:
            in_options = False
        if not line.startswith(" ") and line.split(":", 1)[0].replace(" ", "").isalpha() and ":" in line \
                and len(line.split(":", 1)[0]) < 20:
            head, rest = line.split(":", 1)
            out.append(".SS " + roff(head))
            if rest.strip():
                out.append(roff(rest.strip()))
            continue
        out.append(roff(line.strip()))
    out += [".SH SEE ALSO", "The library's README.md, its guide in docs/, and its header dlx.h."]
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv)
