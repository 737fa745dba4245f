# A refused command line in Japanese (issue 16 item 10) names the option, the value and its
# bound, and the --help to read; CLI11's English and its 309-digit maximum do not appear (issue 18).
quark-ptq --lang ja plan --calib-samples 0 || echo "exit $?"
quark-ptq --lang ja validate || echo "exit $?"
quark-ptq --lang ja status surplus || echo "exit $?"
quark-ptq plan --calib-samples 0 || echo "exit $?"
