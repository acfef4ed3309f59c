#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh: git format-patch lb-base..lb-rework into $OUT/series with a
# cover letter whose subject and motivation come from series/cover.msg.

. "$(dirname "$0")/lib.sh"

dst=$OUT/series
G="git -C $LB_TREE"
rm -rf "$dst"
mkdir -p "$dst"
author=$(sed -n 's/^author[[:space:]]*//p' "$LB_ROOT/series/series")
$G -c core.abbrev=12 -c user.name="${author% <*}" -c user.email="$(sed "s/.*<//;s/>//" <<<"$author")" \
	format-patch -q --cover-letter --base=lb-base \
	-o "$dst" lb-base..lb-rework
cover=$(ls "$dst"/0000-*.patch)
subject=$(head -n 1 "$LB_ROOT/series/cover.msg")
awk -v subj="$subject" -v body="$LB_ROOT/series/cover.msg" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		getline l < body			# skip the subject line
		while ((getline l < body) > 0)
			if (started || l != "") { started = 1; print l }
		next
	}
	{ print }
' "$cover" >"$cover.new"
mv "$cover.new" "$cover"
ls "$dst" | sed 's/^/   /'
