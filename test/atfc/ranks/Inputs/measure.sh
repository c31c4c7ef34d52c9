# The run script of ranked.sh (see there).
n=$(wc -l < "$LOG")
if [ "$ATFC_RANK" = "${KILL_RANK:-none}" ] && [ "$n" -ge "$KILL_AFTER" ] &&
   mkdir "$LOG.killed" 2>/dev/null; then
  grep -c "^$ATFC_RANK " "$LOG" > "$LOG.killed/measured-before"
  echo "$X,$Y" > "$LOG.killed/configuration"
  if [ "$KILL_COMM" = search ]; then
    # Rank 0's searching tuner: the one tuner that holds results.db open.
    for f in /proc/[0-9]*/fd/*; do
      if [ "$(readlink "$f")" = "$ATF_FILE_DIR/ranked.sh.atf/results.db" ]; then
        p=${f#/proc/}; p=${p%%/*}
        case "$(cat /proc/$p/comm)" in tuner-*) kill -9 "$p"; sleep 5; exit 1;; esac
      fi
    done 2>/dev/null
  fi
  p=$$
  while [ "$p" -gt 1 ]; do
    case "$(cat /proc/$p/comm)" in "$KILL_COMM"*) kill -"${KILL_SIGNAL:-9}" "$p"; sleep 5; exit 1;; esac
    p=$(cut -d' ' -f4 /proc/$p/stat)
  done
fi
sleep "0.0${ATFC_RANK:-0}"
echo $(( (X - 5) * (X - 5) + (Y - 3) * (Y - 3) + 1 )) > cost
echo "${ATFC_RANK:--} ${ATFC_DEVICE:--} $X $Y" >> "$LOG"
