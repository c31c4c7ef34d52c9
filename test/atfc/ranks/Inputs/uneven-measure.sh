# The run script of uneven.sh (see there).
start=$(date +%s.%N)
if [ "$ATFC_RANK" = "$SLOW_RANK" ]; then sleep "$SLOW"; else sleep "$FAST"; fi
echo $(( (X - 5) * (X - 5) + (Y - 3) * (Y - 3) + 1 )) > cost
echo "$ATFC_RANK $start $(date +%s.%N) $X $Y" >> "$LOG"
