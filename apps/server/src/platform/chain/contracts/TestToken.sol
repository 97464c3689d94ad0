// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * A test stablecoin for the sandbox chain (USDT / USDC stand-ins): 6 decimals, owner-only mint
 * (one or a batch), plain transfers. It deliberately has no allowance mechanism at all (no approve, no
 * transferFrom, no permit): the platform never asks users to grant spending rights.
 */
contract TestToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    address public immutable owner;

    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    error NotOwner();
    error InsufficientBalance();
    error ZeroAddress();
    error LengthMismatch();

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (to == address(0)) revert ZeroAddress();
        uint256 balance = balanceOf[msg.sender];
        if (balance < value) revert InsufficientBalance();
        unchecked {
            balanceOf[msg.sender] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    function mint(address to, uint256 value) external {
        if (msg.sender != owner) revert NotOwner();
        if (to == address(0)) revert ZeroAddress();
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    /**
     * Many mints in one transaction (bench/deposit-watcher.mjs: a thousand deposits per block):
     * a real Transfer from the zero address per entry, as `mint` emits.
     */
    function mintBatch(address[] calldata to, uint256[] calldata values) external {
        if (msg.sender != owner) revert NotOwner();
        if (to.length != values.length) revert LengthMismatch();
        uint256 total;
        for (uint256 i = 0; i < to.length; i++) {
            address recipient = to[i];
            if (recipient == address(0)) revert ZeroAddress();
            uint256 value = values[i];
            total += value;
            balanceOf[recipient] += value;
            emit Transfer(address(0), recipient, value);
        }
        totalSupply += total;
    }
}
