# The run script of fails-then-waits.sh (see there).
case $X in
1) echo "boom one" >&2; exit 4;;
2) echo "not a number" > cost; exit 0;;
3) [ -e "$STARTED" ] || { touch "$STARTED"; sleep 30; };;
esac
echo "$X" > cost
