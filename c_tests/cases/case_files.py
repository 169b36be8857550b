"""Writing case files, shared by the generators in c_tests/cases/*/gen.py
(see c_tests/run_tests.py for what each file means)."""
import os


def write(path, text):
    """Writes `text` to `path` byte for byte (no newline translation),
    making its folder if needed."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', newline='') as f:
        f.write(text)


def reject(folder, name, data, note):
    """A case the program must reject: NAME.in holds the bytes `data`,
    NAME.exit the exit status 1, NAME.note says why."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'wb') as f:
        f.write(data)
    write(os.path.join(folder, name + '.exit'), '1\n')
    write(os.path.join(folder, name + '.note'), 'Rejection (exit 1, message on stderr): ' + note + '\n')


def reject_all(folder, cases):
    """reject() for each (name, data, note) of `cases`."""
    for name, data, note in cases:
        reject(folder, name, data, note)
