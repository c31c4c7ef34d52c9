# Counts the measurement and writes X as the cost.
n=$(cat "$COUNTER"); echo $((n + 1)) > "$COUNTER"
echo "$X" > cost
