# A run whose quark-cli failed still gets its report, and the report says so: the diagnosis,
# no size, nothing on the chart, the exact command with its digest.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=oom
quark-ptq --workdir wd run --approve "$DIGEST" > run.txt 2>&1 || echo "run exit $?"
grep -E "^report:" run.txt
grep -o '<li data-candidate=.*</li>' wd/report.html | sed 's/<[^>]*>//g'
grep -oE '<td data-field="(run|size|delta)"[^>]*>[^<]*</td>' wd/report.html
grep -o '<p class="not-plotted">[^<]*</p>' wd/report.html | sed 's/<[^>]*>//g'
[ "$(grep -o '<code class="digest">[^<]*' wd/report.html | cut -d'>' -f2)" = "$DIGEST" ] && echo "digest: the approved command's"
