"""An independent reading of iCalendar text, for the tests: Python's icalendar parses it and
recurring_ical_events expands it (Debian's python3-icalendar and python3-recurring-ical-events).

Protocol (packages/tests/src/python-ical.ts): one JSON request on stdin,
  {"items": [{"op": "parse", "ics": TEXT} | {"op": "expand", "ics": TEXT, "from": ISO, "to": ISO}, ...]}
one JSON answer on stdout, {"results": [{"ok": true, "value": ...} | {"ok": false, "error": MESSAGE}, ...]},
one result per item in the same order. An item that fails never stops the others.
"""
import datetime
import json
import sys
import traceback

import icalendar
import recurring_ical_events

UTC = datetime.timezone.utc

# Properties whose values are dates or date-times, so whose TZID parameter names a zone.
DATE_PROPERTIES = ("DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "RDATE", "EXDATE")


def iso(value):
    """A date as YYYY-MM-DD, a date-time with its UTC offset (or without one when floating)."""
    if isinstance(value, tuple):  # a PERIOD: its start
        value = value[0]
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return None if value is None else str(value)


def utc_iso(value):
    """An instant as YYYY-MM-DDTHH:MM:SSZ; a date or a floating time as it is (no instant)."""
    if isinstance(value, datetime.datetime) and value.tzinfo is not None:
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return iso(value)


def as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def text(value):
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)


def dates_of(component, name):
    """The values of every RDATE or EXDATE line, flattened."""
    out = []
    for prop in as_list(component.get(name)):
        for item in getattr(prop, "dts", []):
            out.append(iso(item.dt))
    return out


def categories_of(component):
    out = []
    for prop in as_list(component.get("CATEGORIES")):
        if hasattr(prop, "cats"):
            out.extend(str(c) for c in prop.cats)
        elif isinstance(prop, (list, tuple)):
            out.extend(str(c) for c in prop)
        else:
            out.extend(part for part in str(prop).split(","))
    return out


def params_of(prop):
    return getattr(prop, "params", {}) or {}


def check_calendar(cal):
    """What icalendar accepts silently but RFC 5545 refuses; raises ValueError naming the problem."""
    if cal.name != "VCALENDAR":
        raise ValueError("the document is a %s, not a VCALENDAR" % cal.name)
    for name in ("VERSION", "PRODID"):
        if name not in cal:
            raise ValueError("VCALENDAR has no %s (RFC 5545 3.6)" % name)
    if str(cal["VERSION"]) != "2.0":
        raise ValueError("VERSION is %s, not 2.0" % cal["VERSION"])
    timezones = {}
    for vtimezone in cal.walk("VTIMEZONE"):
        tzid = str(vtimezone.get("TZID", ""))
        if tzid == "":
            raise ValueError("a VTIMEZONE has no TZID")
        if tzid in timezones:
            raise ValueError("VTIMEZONE %s is given twice" % tzid)
        rules = [c for c in vtimezone.subcomponents if c.name in ("STANDARD", "DAYLIGHT")]
        if not rules:
            raise ValueError("VTIMEZONE %s has no STANDARD or DAYLIGHT" % tzid)
        for rule in rules:
            for name in ("DTSTART", "TZOFFSETFROM", "TZOFFSETTO"):
                if name not in rule:
                    raise ValueError("VTIMEZONE %s: a %s has no %s" % (tzid, rule.name, name))
        timezones[tzid] = vtimezone
    for component in cal.walk():
        errors = getattr(component, "errors", [])
        if errors:
            name, message = errors[0]
            raise ValueError("%s: %s%s" % (component.name, name + ": " if name else "", message))
        if component.name in ("VTIMEZONE", "STANDARD", "DAYLIGHT"):
            continue
        for name in DATE_PROPERTIES:
            for prop in as_list(component.get(name)):
                tzid = params_of(prop).get("TZID")
                if tzid is not None and str(tzid) not in timezones:
                    raise ValueError("%s %s;TZID=%s: no VTIMEZONE has that TZID" % (component.name, name, tzid))
    for event in cal.walk("VEVENT"):
        uid = str(event.get("UID", "?"))
        for name in ("UID", "DTSTAMP", "DTSTART"):
            if name not in event:
                raise ValueError("VEVENT %s has no %s" % (uid, name))
        if "DTEND" in event and "DURATION" in event:
            raise ValueError("VEVENT %s has both DTEND and DURATION" % uid)
        if "DTEND" in event:
            start, end = event["DTSTART"].dt, event["DTEND"].dt
            if isinstance(start, datetime.datetime) != isinstance(end, datetime.datetime):
                raise ValueError("VEVENT %s: DTSTART and DTEND are not of the same value type" % uid)
            if end < start:
                raise ValueError("VEVENT %s: DTEND is before DTSTART" % uid)
    return list(timezones)


def event_of(event):
    organizer = event.get("ORGANIZER")
    geo = event.get("GEO")
    recurrence_id = event.get("RECURRENCE-ID")
    dtend = event.get("DTEND")
    return {
        "uid": text(event.get("UID")),
        "summary": text(event.get("SUMMARY")),
        "description": text(event.get("DESCRIPTION")),
        "dtstart": iso(event["DTSTART"].dt),
        "dtstartTzid": text(params_of(event["DTSTART"]).get("TZID")),
        "dtend": iso(dtend.dt) if dtend is not None else None,
        "dtendTzid": text(params_of(dtend).get("TZID")) if dtend is not None else None,
        "duration": iso(event["DURATION"].dt) if "DURATION" in event else None,
        "rrule": [text(r.to_ical()) for r in as_list(event.get("RRULE"))],
        "rdate": dates_of(event, "RDATE"),
        "exdate": dates_of(event, "EXDATE"),
        "recurrenceId": iso(recurrence_id.dt) if recurrence_id is not None else None,
        "location": text(event.get("LOCATION")),
        "geo": [geo.latitude, geo.longitude] if geo is not None else None,
        "organizer": (
            {"value": text(organizer), "cn": text(params_of(organizer).get("CN"))} if organizer is not None else None
        ),
        "categories": categories_of(event),
        "url": text(event.get("URL")),
        "sequence": int(event["SEQUENCE"]) if "SEQUENCE" in event else None,
        "status": text(event.get("STATUS")),
    }


def read(ics):
    cal = icalendar.Calendar.from_ical(ics)
    timezones = check_calendar(cal)
    return cal, timezones


def parse(ics):
    cal, timezones = read(ics)
    return {"events": [event_of(e) for e in cal.walk("VEVENT")], "timezones": timezones}


def bound(value):
    if len(value) == 10:
        return datetime.date.fromisoformat(value)
    parsed = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def expand(ics, start, stop):
    cal, _ = read(ics)
    occurrences = recurring_ical_events.of(cal).between(bound(start), bound(stop))
    out = []
    for event in occurrences:
        begin = event["DTSTART"].dt
        end = event["DTEND"].dt if "DTEND" in event else begin
        recurrence_id = event.get("RECURRENCE-ID")
        out.append(
            {
                "uid": text(event.get("UID")),
                "start": utc_iso(begin),
                "end": utc_iso(end),
                "local": iso(begin),
                "recurrenceId": iso(recurrence_id.dt) if recurrence_id is not None else None,
                "summary": text(event.get("SUMMARY")),
                "status": text(event.get("STATUS")),
            }
        )
    out.sort(key=lambda o: (o["start"], o["uid"] or ""))
    return out


def run(item):
    op = item.get("op")
    if op == "parse":
        return parse(item["ics"])
    if op == "expand":
        return expand(item["ics"], item["from"], item["to"])
    raise ValueError("unknown op %r" % op)


def main():
    request = json.load(sys.stdin)
    results = []
    for item in request["items"]:
        try:
            results.append({"ok": True, "value": run(item)})
        except Exception as error:  # every failure is the item's answer, with Python's own words
            message = "%s: %s" % (type(error).__name__, error)
            if item.get("trace"):
                message += "\n" + traceback.format_exc()
            results.append({"ok": False, "error": message})
    json.dump({"results": results}, sys.stdout)


if __name__ == "__main__":
    main()
